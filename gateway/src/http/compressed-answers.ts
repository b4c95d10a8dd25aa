import type { FastifyInstance, FastifyReply } from 'fastify';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import {
  acceptedEncoding,
  BROTLI_OPTIONS,
  COMPRESSION_THRESHOLD_BYTES,
  type Encoding,
  isCompressibleType,
} from './compression';

/** Answers larger than this are left to @fastify/compress, which compresses them as they stream. */
export const LARGEST_KEPT_ANSWER = 64 * 1024;

const COMPRESS: Record<Encoding, (input: Buffer) => Buffer> = {
  br: (input) => brotliCompressSync(input, BROTLI_OPTIONS),
  gzip: (input) => gzipSync(input),
};

/**
 * The compressed bytes of the answers sent lately, by encoding and text. Most answers the gateway sends
 * are the same bytes for everyone who asks (the plans, a title's page, the home feed in one language),
 * and compressing a kilobyte of JSON afresh costs more than the rest of the request: zlib and Brotli set
 * up their whole state for every call. The oldest answer kept goes first once `maxEntries` or
 * `maxBytes` (texts and compressed bytes together) would be passed.
 */
export class CompressedAnswers {
  /** By encoding and kind (`br text`, `gzip bytes`…), then by the text, or the bytes' latin1 text. */
  private readonly kept = new Map<string, Map<string, Buffer>>();
  private order: Array<[Map<string, Buffer>, string]> = [];
  private bytes = 0;

  constructor(
    private readonly maxEntries = 512,
    private readonly maxBytes = 16 * 1024 * 1024,
  ) {}

  /** The answer compressed: JSON text as Fastify serialised it, or bytes a handler sent as they are. */
  compressed(encoding: Encoding, answer: string | Buffer): Buffer {
    const text = typeof answer === 'string';
    const shelf = this.shelf(`${encoding} ${text ? 'text' : 'bytes'}`);
    const key = text ? answer : answer.toString('latin1'); // one character a byte
    const found = shelf.get(key);
    if (found) return found;
    const made = COMPRESS[encoding](text ? Buffer.from(answer) : answer);
    this.keep(shelf, key, made);
    return made;
  }

  get size(): number {
    return this.order.length;
  }

  private shelf(name: string): Map<string, Buffer> {
    let shelf = this.kept.get(name);
    if (!shelf) this.kept.set(name, (shelf = new Map()));
    return shelf;
  }

  private keep(shelf: Map<string, Buffer>, key: string, compressed: Buffer): void {
    const cost = key.length + compressed.length;
    if (cost > this.maxBytes) return;
    while (this.order.length && (this.order.length >= this.maxEntries || this.bytes + cost > this.maxBytes)) {
      const [oldShelf, oldKey] = this.order.shift()!;
      this.bytes -= oldKey.length + (oldShelf.get(oldKey)?.length ?? 0);
      oldShelf.delete(oldKey);
    }
    shelf.set(key, compressed);
    this.order.push([shelf, key]);
    this.bytes += cost;
  }
}

/** Adds `accept-encoding` to the answer's Vary, once, beside what is there (CORS's `Origin`). */
function varyOnEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  if (vary === undefined) void reply.header('vary', 'accept-encoding');
  else if (!/accept-encoding/i.test(String(vary)))
    void reply.header('vary', `${String(vary)}, accept-encoding`);
}

/**
 * Compresses whole answers (JSON text or bytes of up to LARGEST_KEPT_ANSWER) as the client's
 * Accept-Encoding asks, from `answers` when the same answer went out lately. Added before
 * @fastify/compress's hook runs (a route's own hooks come after the app's): that plugin leaves an answer
 * with a Content-Encoding as it is, and still compresses what this passes by (streams, large answers).
 */
export function compressRepeatedAnswers(fastify: FastifyInstance, answers = new CompressedAnswers()): void {
  const encodings = new Map<string, Encoding | undefined>();
  const encodingFor = (header: string | undefined): Encoding | undefined => {
    if (header === undefined) return undefined;
    if (!encodings.has(header)) {
      if (encodings.size >= 64) encodings.clear(); // a client sending odd headers cannot grow it
      encodings.set(header, acceptedEncoding(header));
    }
    return encodings.get(header);
  };
  fastify.addHook('onSend', (request, reply, payload, done) => {
    const whole = typeof payload === 'string' || Buffer.isBuffer(payload);
    const size = whole ? payload.length : 0;
    if (
      size < COMPRESSION_THRESHOLD_BYTES ||
      size > LARGEST_KEPT_ANSWER ||
      reply.statusCode === 206 ||
      reply.getHeader('content-encoding') !== undefined ||
      reply.getHeader('content-range') !== undefined ||
      request.headers['x-no-compression'] !== undefined
    ) {
      done(null, payload);
      return;
    }
    const type = reply.getHeader('content-type');
    const encoding = encodingFor(request.headers['accept-encoding']);
    if (!encoding || typeof type !== 'string' || !isCompressibleType(type)) {
      done(null, payload);
      return;
    }
    const compressed = answers.compressed(encoding, payload as string | Buffer);
    varyOnEncoding(reply);
    void reply.header('content-encoding', encoding);
    done(null, compressed);
  });
}
