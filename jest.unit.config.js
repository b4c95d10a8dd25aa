// `npm test`'s unit stage: every project's unit tests (`*.spec.ts`, components' `*.spec.tsx`) in one
// jest run, each with its own project's jest.config.js (the viewer's adds jsdom for components).
const { backendProjects } = require('./jest.projects');

module.exports = { projects: backendProjects.map((dir) => require(`${__dirname}/${dir}/jest.config.js`)) };
