import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ffmpegTools } from './ffmpeg';
import { MASTER_PLAYLIST, POSTER_FILE, renditionPlaylist, transcodeToHls } from './hls-transcoder';
import { NotAVideoError, probeVideo } from './probe';
import { makeTestVideo } from './test-sources';

/** The stream lines ffmpeg prints for a file (the bundled ffprobe cannot read MPEG-TS segments). */
async function segmentStreams(file: string): Promise<string> {
  const result = spawnSync((await ffmpegTools()).ffmpeg, ['-hide_banner', '-i', file], { encoding: 'utf8' });
  return result.stderr
    .split('\n')
    .filter((line) => line.includes('Stream #'))
    .join('\n');
}

/** Durations of a media playlist's segments, and its declared target duration. */
function segmentsOf(playlist: string) {
  const durations = [...playlist.matchAll(/^#EXTINF:([\d.]+),/gm)].map((m) => Number(m[1]));
  const target = Number(/^#EXT-X-TARGETDURATION:(\d+)/m.exec(playlist)?.[1]);
  return {
    durations,
    target,
    ended: playlist.includes('#EXT-X-ENDLIST'),
    vod: playlist.includes('#EXT-X-PLAYLIST-TYPE:VOD'),
  };
}

describe('transcoding a source into the HLS ladder with the real ffmpeg (DECISIONS D23)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'chitram-hls-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('probes a video by its streams, and refuses a file that is not one whatever its name', async () => {
    const source = path.join(dir, 'source.mp4');
    await makeTestVideo(source, { seconds: 14, height: 720 });
    expect(await probeVideo(source)).toMatchObject({
      width: 1280,
      height: 720,
      hasAudio: true,
      videoCodec: 'h264',
    });
    expect((await probeVideo(source)).durationSeconds).toBeCloseTo(14, 0);
    const fake = path.join(dir, 'not-a-video.mp4');
    await writeFile(fake, 'this is text, not a film');
    await expect(probeVideo(fake)).rejects.toBeInstanceOf(NotAVideoError);
  });

  it('writes 360p to the source height in 6-second segments with a master playlist and a poster', async () => {
    const source = path.join(dir, 'ladder.mp4');
    await makeTestVideo(source, { seconds: 14, height: 720 });
    const probe = await probeVideo(source);
    const out = path.join(dir, 'out');
    const progress: number[] = [];
    const result = await transcodeToHls(source, probe, out, (done) => progress.push(done));

    expect(result.renditions.map((r) => r.height)).toEqual([360, 480, 720]);
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.at(-1)).toBeGreaterThan(0.9);
    for (const height of [360, 480, 720]) {
      const playlist = segmentsOf(await readFile(path.join(out, renditionPlaylist(height)), 'utf8'));
      expect(playlist).toMatchObject({ target: 6, ended: true, vod: true });
      expect(playlist.durations.slice(0, -1).every((d) => Math.abs(d - 6) < 0.05)).toBe(true);
      expect(playlist.durations.reduce((a, b) => a + b, 0)).toBeCloseTo(14, 0);
      const first = await segmentStreams(path.join(out, String(height), 'segment_0000.ts'));
      expect(first).toMatch(new RegExp(`Video: h264 .*x${height}[, ]`));
      expect(first).toMatch(/Audio: aac .*48000 Hz, stereo/);
    }
    expect(await readFile(path.join(out, MASTER_PLAYLIST), 'utf8')).toMatch(/^#EXTM3U/);
    const poster = await readFile(path.join(out, POSTER_FILE));
    expect(poster.subarray(0, 3).toString('hex')).toBe('ffd8ff');
  });

  it('transcodes a silent video too', async () => {
    const source = path.join(dir, 'silent.mp4');
    await makeTestVideo(source, { seconds: 4, height: 360, audio: false });
    const probe = await probeVideo(source);
    expect(probe.hasAudio).toBe(false);
    const result = await transcodeToHls(source, probe, path.join(dir, 'silent'));
    expect(result.renditions.map((r) => r.height)).toEqual([360]);
  });
});
