import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { HeadCheck, NotAVideoUpload } from './head-check';

const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from('ftypisom'), Buffer.alloc(200, 7)]);

/** Runs bytes, in chunks of `size`, through a check that had `earlier` stored before. */
function through(bytes: Buffer, size: number, earlier = Buffer.alloc(0)): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
  return buffer(Readable.from(chunks).pipe(new HeadCheck(earlier)));
}

describe('HeadCheck', () => {
  it('passes a video through unchanged, whatever the chunks', async () => {
    for (const size of [1, 5, 63, 64, 1000]) expect(await through(mp4, size)).toEqual(mp4);
  });

  it('judges a head that arrives across requests, passing on only the new bytes', async () => {
    expect(await through(mp4.subarray(10), 3, mp4.subarray(0, 10))).toEqual(mp4.subarray(10));
  });

  it('fails before passing anything on when the head is not a video', async () => {
    const check = new HeadCheck(Buffer.alloc(0));
    const passed: Buffer[] = [];
    check.on('data', (chunk: Buffer) => passed.push(chunk));
    const failure = new Promise((resolve) => check.on('error', resolve));
    Readable.from([Buffer.from('%PDF-1.7\n'), Buffer.alloc(100)]).pipe(check);
    expect(await failure).toBeInstanceOf(NotAVideoUpload);
    expect(passed).toEqual([]);
  });

  it('keeps bytes too few to judge: the rest of the upload, or its end, judges them', async () => {
    expect(await through(mp4.subarray(0, 20), 7)).toEqual(mp4.subarray(0, 20));
  });
});
