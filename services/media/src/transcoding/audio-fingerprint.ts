import { spawn } from 'node:child_process';
import { fingerprintSamples, HOP, SAMPLE_RATE } from './chroma-fingerprint';
import { ffmpegTools } from './ffmpeg';

/**
 * D42's audio fingerprints (chroma-fingerprint.ts): one 32-bit item per hop of 4096 / 3 samples at
 * 11025 Hz, about eight a second.
 */
export const FINGERPRINT_ITEM_SECONDS = HOP / SAMPLE_RATE;

/**
 * Items match when at most this many of their 32 bits differ. The same sound through noise or framed
 * half a hop later differs in 1 to 3; unrelated tunes in 10 to 13 (of one instrument) and more. At 8
 * a run was seen to overrun the end of a shared melody of pure tones by up to 1.5 s (items a note or
 * two on still hear much the same), at 5 by under 0.5 s.
 */
export const MAX_DIFFERING_BITS = 5;
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

/** ffmpeg's words for a file without a sound to decode. */
const NO_AUDIO = /matches no streams|does not contain any stream|no audio|could not find codec/i;

/**
 * The fingerprint of the first `seconds` of a file's first audio stream, which ffmpeg decodes to mono
 * 16-bit samples at 11025 Hz; an empty one for a file without sound.
 */
export async function audioFingerprint(file: string, seconds: number): Promise<Uint32Array> {
  const { ffmpeg } = await ffmpegTools();
  const samples = await new Promise<Int16Array>((resolve, reject) => {
    const args = ['-nostdin', '-v', 'error', '-t', String(seconds), '-i', file, '-map', '0:a:0', '-vn'];
    args.push('-ac', '1', '-ar', String(SAMPLE_RATE), '-f', 's16le', 'pipe:1');
    const child = spawn(ffmpeg, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => (err = (err + chunk.toString()).slice(-2000)));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0 && NO_AUDIO.test(err)) return resolve(new Int16Array(0));
      if (code !== 0) return reject(new Error(`ffmpeg exited ${code}: ${err.trim().slice(-300)}`));
      const bytes = Buffer.concat(out);
      // A copy on an aligned buffer of whole samples (a Buffer may sit at any offset of its pool).
      const whole = bytes.length - (bytes.length % 2);
      const aligned = new Uint8Array(whole);
      aligned.set(bytes.subarray(0, whole));
      resolve(new Int16Array(aligned.buffer));
    });
  });
  return fingerprintSamples(samples);
}
