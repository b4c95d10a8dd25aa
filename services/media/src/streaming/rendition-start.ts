import { firstPts } from '../subtitles/mpegts-start';
import type { ObjectStorage } from '../storage/object-storage';
import { decryptSegmentStart } from '../transcoding/segment-keys';

/** Without a segment to read, the 90 kHz clock of ffmpeg's MPEG-TS output starts here (1.4 s). */
export const FFMPEG_TS_START = 126_000;
/** Enough of a segment to hold the first audio and video packets. */
const HEAD_BYTES = 188 * 2000;

/**
 * The 90 kHz timestamp where a video's clock starts (D44: a subtitle segment's X-TIMESTAMP-MAP, an audio
 * rendition's first timestamp), read from the start of the first segment of a rendition, decrypted
 * with the first key when the segments are encrypted (D35); undefined when there is no segment, or no
 * timestamp in its first bytes. Storage errors are the caller's.
 */
export async function renditionStartPts(
  storage: ObjectStorage,
  renditionPrefix: string,
  key: Buffer | null,
): Promise<number | undefined> {
  const first = (await storage.keysUnder(renditionPrefix)).filter((name) => name.endsWith('.ts')).sort()[0];
  if (!first) return undefined;
  const { size } = await storage.stat(first);
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.read(first, { offset: 0, length: Math.min(size, HEAD_BYTES) }))
    chunks.push(chunk as Buffer);
  const head = Buffer.concat(chunks);
  const sequence = Number(/(\d+)\.ts$/.exec(first)?.[1] ?? 0);
  return firstPts(key ? decryptSegmentStart(head, key, sequence) : head);
}
