import { spawn } from 'node:child_process';

/**
 * Chromaprint's audio fingerprints (D42, suggested intros): `fpcalc -raw` prints one 32-bit item per
 * hop of 4096 / 3 samples at 11025 Hz, about eight a second.
 */
export const FINGERPRINT_ITEM_SECONDS = 4096 / 3 / 11025;

/**
 * Items match when at most this many of their 32 bits differ. Unrelated sounds differ in about 16; at
 * 10 a run was seen to overrun the end of a shared melody by up to 1.4 s (the items after it still
 * hear some of it), at 8 by under 0.5 s.
 */
export const MAX_DIFFERING_BITS = 8;
/** A shared run shorter than this is not an intro (a jingle, a cut to black, silence). */
export const MIN_SHARED_SECONDS = 5;
/** A run survives this many poorer items in a row (a click, a re-encode's wobble) inside it. */
const MAX_GAP_ITEMS = 3;

/** Where two fingerprints share audio: the run's first item in each, and its length in items. */
export interface SharedRun {
  aStart: number;
  bStart: number;
  length: number;
}

function bitsSet(value: number): number {
  let v = value - ((value >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/**
 * The longest stretch the two fingerprints share: one is slid over the other, and at each offset the
 * longest run of aligned items differing in at most `maxBits` bits (short gaps of poorer items inside a
 * run are forgiven; a run starts and ends on a good item). Null when no run lasts `minItems`.
 */
export function longestSharedRun(
  a: ArrayLike<number>,
  b: ArrayLike<number>,
  {
    maxBits = MAX_DIFFERING_BITS,
    minItems = Math.ceil(MIN_SHARED_SECONDS / FINGERPRINT_ITEM_SECONDS),
    maxGap = MAX_GAP_ITEMS,
  }: { maxBits?: number; minItems?: number; maxGap?: number } = {},
): SharedRun | null {
  let best: SharedRun | null = null;
  // offset = index in a − index in b
  for (let offset = -(b.length - 1); offset < a.length; offset++) {
    const from = Math.max(0, offset);
    const to = Math.min(a.length, b.length + offset);
    const longest: number = best?.length ?? minItems - 1;
    if (to - from <= longest) continue;
    let start = -1;
    let lastGood = -1;
    // `to` is a sentinel: it ends the last run.
    for (let i = from; i <= to; i++) {
      const good = i < to && bitsSet((a[i] ^ b[i - offset]) >>> 0) <= maxBits;
      if (good) {
        if (start < 0) start = i;
        lastGood = i;
        continue;
      }
      if (start < 0 || (i < to && i - lastGood <= maxGap)) continue;
      const length = lastGood - start + 1;
      if (length >= minItems && length > (best?.length ?? 0))
        best = { aStart: start, bStart: start - offset, length };
      start = -1;
    }
  }
  return best;
}

/** An item index as seconds from the start of the audio. */
export const itemSeconds = (items: number) => items * FINGERPRINT_ITEM_SECONDS;

/** fpcalc is not installed: suggestions are skipped (D42). */
export class FpcalcMissingError extends Error {
  constructor() {
    super('fpcalc (chromaprint, Debian package libchromaprint-tools) is not on the PATH');
  }
}

/**
 * The raw fingerprint of the first `seconds` of a file's audio, by `fpcalc -raw -json`; an empty one
 * for a file without sound. FpcalcMissingError when fpcalc is not installed.
 */
export function audioFingerprint(file: string, seconds: number, command = 'fpcalc'): Promise<Uint32Array> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, ['-raw', '-json', '-length', String(seconds), file], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => (err = (err + chunk.toString()).slice(-2000)));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'ENOENT' ? new FpcalcMissingError() : error),
    );
    child.on('close', (code) => {
      const text = Buffer.concat(out).toString();
      let items: unknown;
      try {
        items = (JSON.parse(text) as { fingerprint?: unknown }).fingerprint;
      } catch {
        items = undefined;
      }
      // fpcalc ends with an error after a whole fingerprint at the end of some files ("End of file").
      if (Array.isArray(items)) resolve(Uint32Array.from(items as number[]));
      else if (/no audio|could not find|no stream/i.test(err)) resolve(new Uint32Array(0));
      else reject(new Error(`fpcalc exited ${code}: ${err.trim().slice(-300)}`));
    });
  });
}
