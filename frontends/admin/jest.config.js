const { project } = require('../../jest.preset');
const { componentTesting } = require('../../libs/web-testing/jest-preset');

// Unit tests run in Node; component tests (`*.spec.tsx`) in jsdom (libs/web-testing).
module.exports = componentTesting(project(__dirname));
