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
  // A hook that calls back, not an async one: it runs for every request, and an async hook costs each a
  // promise even when, as nearly always, the path is not one of these.
  fastify.addHook('preParsing', (request, _reply, payload, done) => {
    const path = request.url.split('?', 1)[0];
    if (!paths.includes(path)) {
      done(null, payload);
      return;
    }
    readWhole(payload, limit).then(
      (rawBody) => {
        request.rawBody = rawBody;
        const replay = Readable.from([rawBody]) as Readable & { receivedEncodedLength?: number };
        replay.receivedEncodedLength = rawBody.length;
        done(null, replay);
      },
      (error: Error) => done(error),
    );
  });
}

async function readWhole(payload: AsyncIterable<unknown>, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of payload) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    size += buffer.length;
    if (size > limit)
      throw Object.assign(new Error('body too large'), { code: 'FST_ERR_CTP_BODY_TOO_LARGE' });
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/** NATS's own default largest message, when the server does not say. */
const NATS_DEFAULT_MAX_PAYLOAD = 1024 * 1024;
/** Room in the NATS message for what travels beside the body: the request packet, signature, event id, headers. */
const ENVELOPE_ALLOWANCE = 8 * 1024;

/**
 * The largest webhook body the gateway can hand to billing: the body travels base64 (4 characters for
 * 3 bytes) inside one NATS message, which the server caps at `maxPayload`. A larger one is refused
 * with 413 at the door instead of failing on NATS as a 503 (which Razorpay would retry for ever).
 */
export function webhookBodyLimit(maxPayload: number = NATS_DEFAULT_MAX_PAYLOAD): number {
  return Math.floor(Math.max(0, maxPayload - ENVELOPE_ALLOWANCE) / 4) * 3;
}
