const { project } = require('../../jest.preset');

const config = project(__dirname);

// Unit tests run in Node; component tests (`*.spec.tsx`) in jsdom with Node's fetch (src/testing).
module.exports = {
  ...config,
  moduleNameMapper: { ...config.moduleNameMapper, '\\.css$': '<rootDir>/src/testing/style-stub.js' },
  // ky ships ES modules only: compile it as our own code.
  transformIgnorePatterns: ['/node_modules/(?!ky/)'],
  setupFilesAfterEnv: ['<rootDir>/src/testing/setup.ts'],
};
