/** One byte range of a stored object, inclusive of both ends (as Content-Range writes it). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Reads a `Range` header for an object of `size` bytes. Only a single range is served (what video
 * players ask for); undefined means "send the whole object", 'unsatisfiable' means answer 416.
 */
export function parseByteRange(
  header: string | undefined,
  size: number,
): ByteRange | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  if (size === 0) return 'unsatisfiable';
  let start: number;
  let end: number;
  if (match[1] === '') {
    // A suffix: the last N bytes.
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}
