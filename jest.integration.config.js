// `npm test`'s integration stage: every project's *.integration-spec.ts against real infrastructure.
const { project } = require('./jest.preset');
const { backendProjects } = require('./jest.projects');

module.exports = {
  // A global option: per-project values are ignored when jest runs several projects.
  testTimeout: 60_000,
  projects: backendProjects.map((dir) => ({
    ...project(`${__dirname}/${dir}`, 'integration'),
    // Each jest worker's own servers, when npm test gives each one a set (scripts/run-tests.mjs).
    setupFiles: [`${__dirname}/libs/test-helpers/worker-infrastructure.js`],
  })),
};
