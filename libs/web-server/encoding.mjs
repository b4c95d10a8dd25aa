// Content negotiation for compressed answers: which encoding a browser's Accept-Encoding allows
// (RFC 9110 §12.5.3), among those this server can send.
import path from 'node:path';

/** The encodings the server sends, best first: Brotli is smaller than gzip for the same text. */
export const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
];

// The types the build precompresses (frontends/rspack.base.mjs): text. Images, fonts and video
// are compressed already and only grow when compressed again.
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.txt', '.webmanifest']);

export function isCompressible(filePath) {
  return COMPRESSIBLE.has(path.extname(filePath).toLowerCase());
}

/** `gzip;q=0.5, br, *;q=0` → Map { 'gzip' → 0.5, 'br' → 1, '*' → 0 } (names in lower case). */
export function parseAcceptEncoding(header) {
  const weights = new Map();
  for (const part of (header ?? '').split(',')) {
    const [token, ...params] = part.split(';').map((s) => s.trim());
    if (!token) continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.split('=').map((s) => s.trim());
      if (key.toLowerCase() === 'q') q = Number.isFinite(Number(value)) ? Number(value) : 0;
    }
    weights.set(token.toLowerCase(), Math.min(Math.max(q, 0), 1));
  }
  return weights;
}

/**
 * The encodings this request accepts, in the order to try them: highest q first, and on equal q the
 * server's order (Brotli before gzip). `x-gzip` counts as gzip; `*` covers an encoding not named.
 * @returns {typeof ENCODINGS}
 */
export function acceptableEncodings(header) {
  const weights = parseAcceptEncoding(header);
  const weightOf = (name) =>
    weights.get(name) ?? (name === 'gzip' ? weights.get('x-gzip') : undefined) ?? weights.get('*') ?? 0;
  return ENCODINGS.map((encoding, order) => ({ encoding, q: weightOf(encoding.name), order }))
    .filter(({ q }) => q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order)
    .map(({ encoding }) => encoding);
}
