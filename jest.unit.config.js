// `npm test`'s unit stage: every project's *.spec.ts in one jest run.
const { project } = require('./jest.preset');
const { backendProjects } = require('./jest.projects');

module.exports = { projects: backendProjects.map((dir) => project(`${__dirname}/${dir}`, 'unit')) };
