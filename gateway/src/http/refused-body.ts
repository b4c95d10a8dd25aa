import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

export interface DrainLimits {
  /** Most bytes of a refused body read and dropped before the connection is cut. */
  bytes: number;
  /** Longest time spent on it. */
  ms: number;
}

export const DRAIN_LIMITS: DrainLimits = { bytes: 64 * 1024 * 1024, ms: 10_000 };

/** Reads what is left of a request and drops it; past the limits the connection is cut. */
function drain(raw: IncomingMessage, limits: DrainLimits): void {
  let read = 0;
  const cut = () => raw.socket?.destroy();
  const timer = setTimeout(cut, limits.ms);
  timer.unref();
  raw.on('data', (chunk: Buffer) => {
    read += chunk.length;
    if (read > limits.bytes) cut();
  });
  raw.once('end', () => clearTimeout(timer));
  raw.once('close', () => clearTimeout(timer));
  raw.resume();
}

/**
 * Fastify answers a body it refuses part-way (too large, say) with `Connection: close`, and a socket
 * closed with bytes still unread is reset by the kernel: a client still sending (the shell's proxy
 * above all) loses the answer with it, and shows a 502 instead of the 413. Such a body is read to its
 * end and dropped instead, within DRAIN_LIMITS, so the answer arrives and the connection can stay.
 */
export function drainRefusedBodies(fastify: FastifyInstance, limits: DrainLimits = DRAIN_LIMITS): void {
  // A hook that calls back, not an async one: it runs for every answer, and an async hook costs each
  // answer two promises (with the request context's hooks on each) for a check that nearly always passes.
  fastify.addHook('onSend', (request, reply, payload, done) => {
    if (reply.getHeader('connection') === 'close' && !request.raw.complete) {
      reply.removeHeader('connection');
      drain(request.raw, limits);
    }
    done(null, payload);
  });
}
