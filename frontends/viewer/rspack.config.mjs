import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { frontendConfig } from '../rspack.base.mjs';

const dir = path.dirname(fileURLToPath(import.meta.url));

export default (_env, argv) =>
  frontendConfig({ dir, name: 'viewer', mode: argv.mode, exposes: { './ViewerApp': './src/ViewerApp.tsx' } });
