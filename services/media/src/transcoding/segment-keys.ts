import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * D35: HLS AES-128 of a transcode's segments. Every segment is encrypted whole with AES-128-CBC (PKCS#7
 * padding, as HLS wants) under the key of its period, with its media sequence number as the IV (the
 * playlist names no IV, so players derive the same). A new key every `segmentsPerKey` segments; all
 * renditions share them (their segments are cut at the same moments). The keys stay in media's database,
 * never beside the segments: a stored playlist names each key only as `key/NNNN`, which the stream
 * origin turns into a signed address for a viewer who may have it.
 */
export interface SegmentKeys {
  /** One 16-byte key per period, in order. */
  keys: Buffer[];
  /** How many segments each key covers. */
  segmentsPerKey: number;
}

/** D35: a new key about every five minutes of a film (50 segments of 6 s). */
export const DEFAULT_SEGMENTS_PER_KEY = 50;

const KEY_TAG = '#EXT-X-KEY:';
const SEQUENCE_TAG = '#EXT-X-MEDIA-SEQUENCE:';
/** How a stored playlist names a key, and how the origin's key address ends: `key/0003`. */
export const KEY_PATH = /^key\/(\d{4,6})$/;
export const keyPath = (period: number) => `key/${String(period).padStart(4, '0')}`;
const IS_SEGMENT = (line: string) => line.length > 0 && !line.startsWith('#');

/** The IV of the segment with this media sequence number (HLS: the number, big-endian, in 16 bytes). */
export function ivFor(sequence: number): Buffer {
  const iv = Buffer.alloc(16);
  iv.writeUInt32BE(Math.floor(sequence / 2 ** 32), 8);
  iv.writeUInt32BE(sequence % 2 ** 32, 12);
  return iv;
}

export function encryptSegment(data: Buffer, key: Buffer, sequence: number): Buffer {
  const cipher = createCipheriv('aes-128-cbc', key, ivFor(sequence));
  return Buffer.concat([cipher.update(data), cipher.final()]);
}

export function decryptSegment(data: Buffer, key: Buffer, sequence: number): Buffer {
  const decipher = createDecipheriv('aes-128-cbc', key, ivFor(sequence));
  return Buffer.concat([decipher.update(data), decipher.final()]);
}

/**
 * The clear start of an encrypted segment of which only the first bytes were read (CBC decrypts block by
 * block from the IV): its whole 16-byte blocks, the padding at the end unchecked.
 */
export function decryptSegmentStart(head: Buffer, key: Buffer, sequence: number): Buffer {
  const decipher = createDecipheriv('aes-128-cbc', key, ivFor(sequence)).setAutoPadding(false);
  return decipher.update(head.subarray(0, head.length - (head.length % 16)));
}

/** The key period of the segment with this media sequence number. */
export const periodOf = (sequence: number, segmentsPerKey: number) => Math.floor(sequence / segmentsPerKey);

/** The period of a segment among `keyCount` keys: a track a little longer than the picture (D44) keeps the last. */
export const periodIn = (sequence: number, segmentsPerKey: number, keyCount: number) =>
  Math.min(periodOf(sequence, segmentsPerKey), keyCount - 1);

/** The first media sequence number of a playlist (0 when it does not say). */
export function firstSequence(playlist: string): number {
  const line = playlist.split('\n').find((l) => l.startsWith(SEQUENCE_TAG));
  return line ? Number(line.slice(SEQUENCE_TAG.length).trim()) || 0 : 0;
}

/** The segments a playlist lists, in order, with their media sequence numbers. */
export function segmentsOf(playlist: string): Array<{ file: string; sequence: number }> {
  const first = firstSequence(playlist);
  return playlist
    .split('\n')
    .map((l) => l.trim())
    .filter(IS_SEGMENT)
    .map((file, i) => ({ file, sequence: first + i }));
}

/** A playlist without its key lines: what a player of a clear stream (or ffmpeg over decrypted files) reads. */
export const withoutKeys = (playlist: string) =>
  playlist
    .split('\n')
    .filter((line) => !line.startsWith(KEY_TAG))
    .join('\n');

/**
 * Encrypts, in place, the renditions written under `outDir` (each `<folder>/index.m3u8` with its
 * segments) and writes a key line before the first segment of each period into their playlists.
 */
export async function encryptRenditions(
  outDir: string,
  folders: string[],
  segmentsPerKey: number,
): Promise<SegmentKeys> {
  const playlists = await readPlaylists(outDir, folders);
  const last = Math.max(...playlists.flatMap(({ text }) => segmentsOf(text).map((s) => s.sequence)));
  const keys = {
    keys: Array.from({ length: periodOf(last, segmentsPerKey) + 1 }, () => randomBytes(16)),
    segmentsPerKey,
  };
  await encryptWith(outDir, playlists, keys);
  return keys;
}

/**
 * Encrypts, in place, more folders of a video already encrypted with `keys` (D44: an audio rendition
 * added later), each under the key of its segments' periods, as its renditions were.
 */
export async function encryptFolders(outDir: string, folders: string[], keys: SegmentKeys): Promise<void> {
  const playlists = await readPlaylists(outDir, folders);
  await encryptWith(outDir, playlists, keys);
}

const readPlaylists = (outDir: string, folders: string[]) =>
  Promise.all(
    folders.map(async (folder) => ({
      folder,
      text: await readFile(path.join(outDir, folder, 'index.m3u8'), 'utf8'),
    })),
  );

async function encryptWith(
  outDir: string,
  playlists: Array<{ folder: string; text: string }>,
  { keys, segmentsPerKey }: SegmentKeys,
): Promise<void> {
  for (const { folder, text } of playlists) {
    const sequences = new Map(segmentsOf(text).map((s) => [s.file, s.sequence]));
    for (const [file, sequence] of sequences) {
      // The origin finds a segment's IV and key by its file's number: they must be its media sequence.
      if (Number(/(\d+)\.ts$/.exec(file)?.[1]) !== sequence)
        throw new Error(`segment ${file} is not numbered by its media sequence (${sequence})`);
      const key = keys[periodIn(sequence, segmentsPerKey, keys.length)];
      const at = path.join(outDir, folder, file);
      await writeFile(at, encryptSegment(await readFile(at), key, sequence));
    }
    await writeFile(
      path.join(outDir, folder, 'index.m3u8'),
      withKeyLines(text, sequences, segmentsPerKey, keys.length),
    );
  }
}

/** `#EXT-X-KEY` before the first segment (its `#EXTINF`) of each period. */
function withKeyLines(
  playlist: string,
  sequences: Map<string, number>,
  segmentsPerKey: number,
  keyCount: number,
): string {
  const lines = playlist.split('\n');
  const out: string[] = [];
  let current = -1;
  lines.forEach((line, i) => {
    if (line.startsWith('#EXTINF')) {
      const next = lines.slice(i + 1).find((l) => IS_SEGMENT(l.trim()));
      const sequence = next === undefined ? undefined : sequences.get(next.trim());
      const period = sequence === undefined ? current : periodIn(sequence, segmentsPerKey, keyCount);
      if (period !== current) {
        out.push(`${KEY_TAG}METHOD=AES-128,URI="${keyPath(period)}"`);
        current = period;
      }
    }
    out.push(line);
  });
  return out.join('\n');
}
