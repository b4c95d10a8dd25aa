// Component tests of a front end (React Testing Library): its `*.spec.tsx` files name this folder's
// jsdom environment in a docblock; the rest of its unit tests stay in Node.
const path = require('node:path');

/** A front end's jest config (from jest.preset's `project`) made ready for component tests. */
function componentTesting(config) {
  return {
    ...config,
    moduleNameMapper: {
      ...config.moduleNameMapper,
      '\\.css$': path.join(__dirname, 'style-stub.js'),
      '^@chitram/web-testing$': path.join(__dirname, 'src'),
    },
    // ky ships ES modules only: compile it as our own code.
    transformIgnorePatterns: ['/node_modules/(?!ky/)'],
    setupFilesAfterEnv: [path.join(__dirname, 'setup.ts')],
  };
}

module.exports = { componentTesting, environment: path.join(__dirname, 'jsdom-environment.js') };
