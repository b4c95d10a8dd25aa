import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  decryptSegment,
  decryptSegmentStart,
  encryptRenditions,
  encryptSegment,
  ivFor,
  segmentsOf,
  withoutKeys,
} from './segment-keys';

const playlist = (count: number) =>
  [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    '#EXT-X-TARGETDURATION:6',
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:VOD',
    ...Array.from({ length: count }, (_, i) => [
      '#EXTINF:6.000000,',
      `segment_${String(i).padStart(4, '0')}.ts`,
    ]).flat(),
    '#EXT-X-ENDLIST',
    '',
  ].join('\n');

describe('HLS AES-128 of a ladder (D35)', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'chitram-keys-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('reads the clear start of an encrypted segment from its first bytes alone (subtitles read its first timestamp)', () => {
    const key = Buffer.alloc(16, 7);
    const segment = Buffer.from(Array.from({ length: 1000 }, (_, i) => (i * 31) % 256));
    const encrypted = encryptSegment(segment, key, 3);
    expect(decryptSegmentStart(encrypted.subarray(0, 500), key, 3)).toEqual(segment.subarray(0, 496));
    expect(decryptSegmentStart(encrypted.subarray(0, 500), key, 4)).not.toEqual(segment.subarray(0, 496));
  });

  it('takes the media sequence number, big-endian in 16 bytes, as the IV', () => {
    expect(ivFor(0).equals(Buffer.alloc(16))).toBe(true);
    expect(ivFor(258).toString('hex')).toBe('00000000000000000000000000000102');
    expect(ivFor(2 ** 32 + 1).toString('hex')).toBe('00000000000000000000000100000001');
  });

  it('encrypts every rendition with one key per period, and says so before each period', async () => {
    for (const folder of ['360', '480']) {
      await mkdir(path.join(dir, folder));
      await writeFile(path.join(dir, folder, 'index.m3u8'), playlist(5));
      for (let i = 0; i < 5; i++)
        await writeFile(path.join(dir, folder, `segment_000${i}.ts`), Buffer.alloc(188 * (i + 1), i));
    }
    const { keys, segmentsPerKey } = await encryptRenditions(dir, ['360', '480'], 2);
    expect(segmentsPerKey).toBe(2);
    expect(keys).toHaveLength(3);
    const written = await readFile(path.join(dir, '480', 'index.m3u8'), 'utf8');
    expect(
      [...written.matchAll(/^#EXT-X-KEY:METHOD=AES-128,URI="(key\/\d{4})"$/gm)].map((m) => m[1]),
    ).toEqual(['key/0000', 'key/0001', 'key/0002']);
    // Each key line stands just before its period's first segment.
    const lines = written.split('\n');
    expect(lines[lines.indexOf('segment_0002.ts') - 2]).toBe('#EXT-X-KEY:METHOD=AES-128,URI="key/0001"');
    expect(segmentsOf(withoutKeys(written)).map((s) => s.file)).toEqual(
      segmentsOf(playlist(5)).map((s) => s.file),
    );
    const stored = await readFile(path.join(dir, '360', 'segment_0003.ts'));
    expect(stored.equals(Buffer.alloc(188 * 4, 3))).toBe(false);
    expect(decryptSegment(stored, keys[1], 3).equals(Buffer.alloc(188 * 4, 3))).toBe(true);
  });

  it('refuses segments not numbered by their media sequence (the origin finds keys by the name)', async () => {
    await mkdir(path.join(dir, '360'));
    await writeFile(path.join(dir, '360', 'index.m3u8'), playlist(1).replace('SEQUENCE:0', 'SEQUENCE:7'));
    await writeFile(path.join(dir, '360', 'segment_0000.ts'), Buffer.alloc(188));
    await expect(encryptRenditions(dir, ['360'], 2)).rejects.toThrow(/media sequence/);
  });
});
