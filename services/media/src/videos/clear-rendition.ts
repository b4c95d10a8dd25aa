import { createWriteStream } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { ObjectStorage } from '../storage/object-storage';
import {
  decryptSegment,
  periodOf,
  segmentsOf,
  withoutKeys,
  type SegmentKeys,
} from '../transcoding/segment-keys';

async function bytesOf(storage: ObjectStorage, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.read(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * One rendition of a ready video fetched from storage into `dir` as ffmpeg can read it: its playlist
 * without key lines, its segments decrypted when they are encrypted (D35). For D42's trickplay backfill
 * and D44's original audio track. Answers the local playlist's path; `onFile` is called after each file.
 */
export async function fetchClearRendition(
  storage: ObjectStorage,
  video: { outputPrefix: string; keys: SegmentKeys | null },
  height: number,
  dir: string,
  onFile: () => void = () => undefined,
): Promise<string> {
  await mkdir(dir, { recursive: true });
  const playlist = (await bytesOf(storage, `${video.outputPrefix}${height}/index.m3u8`)).toString('utf8');
  const local = path.join(dir, 'index.m3u8');
  await writeFile(local, withoutKeys(playlist));
  for (const { file, sequence } of segmentsOf(playlist).filter((s) => /^segment_\d+\.ts$/.test(s.file))) {
    const key = `${video.outputPrefix}${height}/${file}`;
    const to = path.join(dir, file);
    if (video.keys) {
      const { keys, segmentsPerKey } = video.keys;
      await writeFile(
        to,
        decryptSegment(await bytesOf(storage, key), keys[periodOf(sequence, segmentsPerKey)], sequence),
      );
    } else await pipeline(await storage.read(key), createWriteStream(to));
    onFile();
  }
  return local;
}
