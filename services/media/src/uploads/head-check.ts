import { open } from 'node:fs/promises';
import { Transform, type TransformCallback } from 'node:stream';
import { CONTAINER_SNIFF_BYTES, detectVideoContainer } from './video-container';

/** The first `bytes` bytes of a file (fewer if it is shorter). */
export async function readHead(file: string, bytes = CONTAINER_SNIFF_BYTES): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(head, 0, bytes, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Raised by HeadCheck when an upload's first bytes are not a video's. */
export class NotAVideoUpload extends Error {
  constructor() {
    super('The file is not a video: it does not begin as an MP4, MOV, WebM or MKV file does.');
    this.name = 'NotAVideoUpload';
  }
}

/**
 * Passes an upload's bytes through, holding back the first few until the container can be told from
 * them, and fails before any of them is written when they are plainly not a video's. `earlier` is
 * what an earlier request of the same upload already stored (a head may arrive in pieces).
 */
export class HeadCheck extends Transform {
  private readonly earlier: Buffer;
  private held: Buffer[] = [];
  private heldBytes = 0;
  private checked = false;

  constructor(earlier: Buffer) {
    super();
    this.earlier = earlier;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    if (this.checked) return done(null, chunk);
    this.held.push(chunk);
    this.heldBytes += chunk.length;
    if (this.earlier.length + this.heldBytes < CONTAINER_SNIFF_BYTES) return done();
    if (!detectVideoContainer(Buffer.concat([this.earlier, ...this.held])))
      return done(new NotAVideoUpload());
    this.checked = true;
    const news = Buffer.concat(this.held);
    this.held = [];
    done(null, news);
  }

  override _flush(done: TransformCallback): void {
    // Too few bytes yet to judge: they are stored, and judged with the rest (or when the upload ends).
    if (this.heldBytes > 0 && !this.checked) this.push(Buffer.concat(this.held));
    done();
  }
}
