import compress from '@fastify/compress';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';

/** Below about a packet, compressing saves no round trip and still costs CPU on every answer. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

// JSON and other text. Whatever else mime-db calls compressible is compressed too; PDFs, images,
// video and archives are not: they are compressed already and only grow.
const TEXT_TYPE = /^(?:text\/(?!event-stream)|application\/(?:[\w.-]+\+)?(?:json|xml)(?:\s*;|$))/i;

export function isCompressibleType(contentType: string): boolean {
  return TEXT_TYPE.test(contentType);
}

/**
 * Compresses the API's answers as the client's Accept-Encoding asks: Brotli (at the library's quality
 * 4, fast enough per request) before gzip. Registered before any route exists, since the plugin adds
 * its hook to each route as it is created; the cached catalogue answers, sent from a preHandler
 * hook, go through it too, and their 304s have no body to compress.
 */
export async function registerCompression(app: NestFastifyApplication): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    // The same on every Node version (zstd exists only on newer ones) and what browsers all take.
    encodings: ['br', 'gzip'],
    customTypes: isCompressibleType,
    // Request bodies stay as they are: the body limit and the upload streams count what was sent.
    globalDecompression: false,
  });
}
