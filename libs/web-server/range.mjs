// Byte ranges of a static file (RFC 9110 §14): one range per request, which is what browsers ask
// for when they resume a download or seek in a video.

/**
 * Reads a Range header against a file of `size` bytes.
 * @returns {{ start: number, end: number } | 'unsatisfiable' | null} the inclusive range to send;
 *   `unsatisfiable` for a well-formed range outside the file (416); null to send the whole file
 *   (no header, another unit, several ranges or a malformed one, which a server may ignore).
 */
export function parseRange(header, size) {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  const [, first, last] = match;
  if (size === 0) return 'unsatisfiable';
  if (first === '') {
    // A suffix: the last N bytes.
    const length = Number(last);
    if (length === 0) return 'unsatisfiable';
    return { start: Math.max(size - length, 0), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}
