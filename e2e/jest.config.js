// The browser suite: real Chromium against the platform `npm test` starts for it, which it finds through
// E2E_BASE_URL, CONTROL_URL and CONTROL_TOKEN (its control API) and E2E_ADMIN_EMAIL/E2E_ADMIN_PASSWORD.
const { base } = require('../jest.preset');

module.exports = {
  ...base,
  displayName: 'e2e',
  rootDir: __dirname,
  testMatch: ['<rootDir>/**/*.e2e-spec.ts'],
  testTimeout: 60_000,
  // Sign-ins whose numbers a spec signs in again a minute later are made first (support/early-sign-ins.ts).
  globalSetup: '<rootDir>/support/global-setup.ts',
  globalTeardown: '<rootDir>/support/global-teardown.ts',
  // One browser at a time: the suite stops and starts shared apps through the control API.
  maxWorkers: 1,
};
