// `npm test`'s integration stage: every project's *.integration-spec.ts against real infrastructure.
const { project } = require('./jest.preset');
const { backendProjects } = require('./jest.projects');

module.exports = { projects: backendProjects.map((dir) => project(`${__dirname}/${dir}`, 'integration')) };
