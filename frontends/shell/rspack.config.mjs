import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { frontendConfig } from '../rspack.base.mjs';

const dir = path.dirname(fileURLToPath(import.meta.url));

/** Shared packages the shell lends through its own slim entries (src/federation/shared/). */
export const SLIM_SHARED = {
  'react-router': './src/federation/shared/react-router.ts',
  'react-i18next': './src/federation/shared/react-i18next.ts',
};

export default (_env, argv) =>
  frontendConfig({ dir, name: 'shell', mode: argv.mode, host: true, slimShared: SLIM_SHARED });
