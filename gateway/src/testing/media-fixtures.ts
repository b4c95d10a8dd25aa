// What gateway tests with the real media service behind them need: a short real video, and a free port
// for media's HTTP server.

import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';

const ROOT = path.resolve(__dirname, '../../..');

/** A file made by one of the media service's own test-source makers (run built: the gateway may not import it). */
async function madeByMedia(maker: string, file: string, options: object): Promise<Buffer> {
  const script = `require('./services/media/dist/transcoding/test-sources.js').${maker}(${JSON.stringify(
    file,
  )}, ${JSON.stringify(options)}).catch((e) => { console.error(e); process.exit(1); })`;
  await promisify(execFile)(process.execPath, ['-e', script], { cwd: ROOT });
  return readFile(file);
}

/** A short real MP4. */
export function testVideo(file: string, seconds: number, height: number): Promise<Buffer> {
  return madeByMedia('makeTestVideo', file, { seconds, height });
}

/** A short tone as an audio file of the kind its name's extension says (D44's dubs). */
export function testTone(file: string, seconds: number, tone: number): Promise<Buffer> {
  return madeByMedia('makeToneAudio', file, { seconds, tone });
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
