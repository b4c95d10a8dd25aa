// Shared jest settings: @swc/jest with decorator metadata (NestJS needs it), and the workspace
// libraries mapped to their sources so tests never depend on a stale build.
const path = require('node:path');

const swc = {
  jsc: {
    target: 'es2022',
    parser: { syntax: 'typescript', decorators: true, tsx: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
  },
  module: { type: 'commonjs' },
  sourceMaps: 'inline',
};

const base = {
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j)sx?$': ['@swc/jest', swc] },
  // Packages that ship ES modules only, compiled for jest: content-disposition 2 (under @fastify/static,
  // used by the API docs), and the base32 and hash code otplib uses (the admins' second factor).
  transformIgnorePatterns: [
    '/node_modules/(?!(@fastify/static/node_modules/)?content-disposition/|@otplib/|@scure/base/|@noble/hashes/)',
  ],
  moduleNameMapper: {
    '^@chitram/(contracts|nest-kit|test-helpers)$': path.join(__dirname, 'libs/$1/src'),
  },
};

/** Jest config for one project; `kind` picks unit (`*.spec.ts`) or integration (`*.integration-spec.ts`). */
function project(dir, kind = 'unit') {
  const name = path.relative(__dirname, dir);
  return {
    ...base,
    displayName: kind === 'unit' ? name : `${name} (integration)`,
    rootDir: dir,
    testMatch:
      kind === 'unit'
        ? ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.spec.tsx']
        : ['<rootDir>/src/**/*.integration-spec.ts'],
  };
}

module.exports = { base, project, swc };
