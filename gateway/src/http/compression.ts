import compress from '@fastify/compress';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';

import { constants as zlib } from 'node:zlib';

/** Below about a packet, compressing saves no round trip and still costs CPU on every answer. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/** Brotli at quality 4: fast enough to compress per request, far smaller than gzip's output for JSON. */
export const BROTLI_OPTIONS = { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } };

/** What the gateway compresses with, best first. */
export type Encoding = 'br' | 'gzip';

/**
 * The encoding to answer in for an Accept-Encoding header: Brotli when it is taken, else gzip, else
 * none (an encoding given q=0 is refused; `*` takes any).
 */
export function acceptedEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  const taken = new Map<string, boolean>();
  for (const part of header.split(',')) {
    const [name, ...parameters] = part.trim().toLowerCase().split(';');
    const q = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='));
    taken.set(name.trim(), q === undefined || Number(q.slice(2)) > 0);
  }
  for (const encoding of ['br', 'gzip'] as const) {
    const named = taken.get(encoding);
    if (named ?? taken.get('*')) return encoding;
  }
  return undefined;
}

// JSON and other text. Whatever else mime-db calls compressible is compressed too; PDFs, images,
// video and archives are not: they are compressed already and only grow.
const TEXT_TYPE = /^(?:text\/(?!event-stream)|application\/(?:[\w.-]+\+)?(?:json|xml)(?:\s*;|$))/i;

export function isCompressibleType(contentType: string): boolean {
  return TEXT_TYPE.test(contentType);
}

/**
 * Compresses the API's answers as the client's Accept-Encoding asks: Brotli (BROTLI_OPTIONS) before
 * gzip. Registered before any route exists, since the plugin adds its hook to each route as it is
 * created. Catalogue answers come compressed already (catalogue-answers.ts keeps each one's
 * compressed bytes with it, so an answer many browsers ask for is compressed once), and their 304s
 * have no body to compress.
 */
export async function registerCompression(app: NestFastifyApplication): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    // The same on every Node version (zstd exists only on newer ones) and what browsers all take.
    encodings: ['br', 'gzip'],
    brotliOptions: BROTLI_OPTIONS,
    customTypes: isCompressibleType,
    // Request bodies stay as they are: the body limit and the upload streams count what was sent.
    globalDecompression: false,
  });
}
