#!/usr/bin/env node
// CLI: serve one front end from the environment, e.g.
//   PORT=3000 ROOT=frontends/shell/dist SPA=1 API_TARGET=http://127.0.0.1:3001 node libs/web-server/serve.mjs
//   PORT=3002 ROOT=frontends/viewer/dist CORS=1 node libs/web-server/serve.mjs
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { configFromEnv } from './config.mjs';
import { createWebServer } from './index.mjs';

/** Starts a server from `env` (over `defaults`), stops it cleanly on SIGINT/SIGTERM. */
export async function serveFromEnv(env = process.env, defaults = {}) {
  const options = configFromEnv(env, defaults);
  const server = await createWebServer(options);
  void options.warmUp?.();
  const proxied = options.proxy.map((p) => `${p.prefix} → ${p.target}`).join(', ') || 'none';
  process.stdout.write(
    `web-server: ${options.root} on ${server.url} (spa=${options.spa}, cors=${options.cors}, proxy: ${proxied})\n`,
  );
  const stop = () => {
    server.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return server;
}

if (process.argv[1] && realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url))) {
  serveFromEnv().catch((error) => {
    process.stderr.write(`web-server: ${error.message}\n`);
    process.exit(1);
  });
}
