import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The exact bytes of the body, kept only for the paths that asked (signed webhooks). */
    rawBody?: Buffer;
  }
}

/**
 * Keeps the raw body of requests to `paths` (a webhook's signature covers its exact bytes, which parsing
 * and re-serialising would not give back), then lets the usual JSON parser read the same bytes.
 */
export function keepRawBody(fastify: FastifyInstance, paths: readonly string[], limit: number): void {
  fastify.addHook('preParsing', async (request, _reply, payload) => {
    const path = request.url.split('?', 1)[0];
    if (!paths.includes(path)) return payload;
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of payload) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
      size += buffer.length;
      if (size > limit)
        throw Object.assign(new Error('body too large'), { code: 'FST_ERR_CTP_BODY_TOO_LARGE' });
      chunks.push(buffer);
    }
    request.rawBody = Buffer.concat(chunks);
    const replay = Readable.from([request.rawBody]) as Readable & { receivedEncodedLength?: number };
    replay.receivedEncodedLength = request.rawBody.length;
    return replay;
  });
}
