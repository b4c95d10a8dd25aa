// The baseline a route is measured against: its real response captured once, then served as the same
// bytes with the same content-type by a bare node:http server in a child process.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findFreePort, waitUntil } from './processes.mjs';

const MAIN = fileURLToPath(new URL('./bare-server-main.mjs', import.meta.url));

/**
 * @typedef {object} CapturedResponse
 * @property {number} status
 * @property {Record<string, string>} headers
 * @property {Buffer} body
 */

/**
 * One GET of `url`, kept byte for byte; fails unless it answers 2xx.
 * @param {string} url
 * @returns {Promise<CapturedResponse>}
 */
export async function captureResponse(url) {
  const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
  const body = Buffer.from(await res.arrayBuffer());
  if (!res.ok) throw new Error(`GET ${url} answered ${res.status}: ${body.toString('utf8').slice(0, 300)}`);
  return { status: res.status, headers: Object.fromEntries(res.headers), body };
}

/**
 * Starts the bare server answering `response` (its status, content-type and body) on a free port.
 * @param {import('./processes.mjs').Supervisor} supervisor
 * @param {CapturedResponse} response
 */
export async function startBareServer(supervisor, response) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chitram-bench-'));
  const bodyFile = path.join(dir, 'body');
  fs.writeFileSync(bodyFile, response.body);
  const port = await findFreePort();
  const child = supervisor.start('bare server', process.execPath, [MAIN], {
    env: {
      ...process.env,
      PORT: String(port),
      BODY_FILE: bodyFile,
      CONTENT_TYPE: response.headers['content-type'] ?? 'application/octet-stream',
      STATUS: String(response.status),
    },
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntil('bare server', async () => (await captureResponse(url)).body.equals(response.body), {
      timeoutMs: 10_000,
      abort: child.failed,
    });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return { child, url };
}
