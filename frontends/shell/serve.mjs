// Serves the built shell: the SPA, /remotes.json from VIEWER_REMOTE_URL / ADMIN_REMOTE_URL, and /api
// proxied to API_TARGET (its stored pictures kept in memory), title pages with their link previews, every page with a preload of its remote's files. Any variable of libs/web-server/serve.mjs may override these defaults.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveFromEnv } from '../../libs/web-server/serve.mjs';

const dir = path.dirname(fileURLToPath(import.meta.url));

serveFromEnv(process.env, {
  PORT: '3000',
  ROOT: path.join(dir, 'dist'),
  SPA: '1',
  SHARE_PREVIEWS: '1',
  PRELOAD_REMOTE_PAGES: '1',
  // Stored pictures, the home and title pages' banners among them, kept as a CDN would keep them.
  EDGE_CACHE: '/api/media/images/',
}).catch((error) => {
  process.stderr.write(`shell: ${error.message}\n`);
  process.exit(1);
});
