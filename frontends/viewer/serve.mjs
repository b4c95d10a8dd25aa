// Serves the built viewer remote with CORS so the shell, on another origin, can load it.
// Any variable of libs/web-server/serve.mjs may override these defaults.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveFromEnv } from '../../libs/web-server/serve.mjs';

const dir = path.dirname(fileURLToPath(import.meta.url));

serveFromEnv(process.env, { PORT: '3002', ROOT: path.join(dir, 'dist'), CORS: '1', API_TARGET: 'off' }).catch(
  (error) => {
    process.stderr.write(`viewer: ${error.message}\n`);
    process.exit(1);
  },
);
