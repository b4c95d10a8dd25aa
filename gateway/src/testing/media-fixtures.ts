// What gateway tests with the real media service behind them need: a short real video, and a free port
// for media's HTTP server.

import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';

const ROOT = path.resolve(__dirname, '../../..');

/** A short real MP4, made by the media service's own test-source maker (run built: the gateway may not import it). */
export async function testVideo(file: string, seconds: number, height: number): Promise<Buffer> {
  const script = `require('./services/media/dist/transcoding/test-sources.js').makeTestVideo(${JSON.stringify(
    file,
  )}, { seconds: ${seconds}, height: ${height} }).catch((e) => { console.error(e); process.exit(1); })`;
  await promisify(execFile)(process.execPath, ['-e', script], { cwd: ROOT });
  return readFile(file);
}

/** A loopback port nobody listens on now (for a service process's HTTP server). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
