import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ffmpegTools } from './ffmpeg';
import { MASTER_PLAYLIST, POSTER_FILE, renditionPlaylist, transcodeToHls } from './hls-transcoder';
import { NotAVideoError, probeVideo } from './probe';
import { makeShortPictureVideo, makeTestVideo } from './test-sources';
import { checkTrickplay, IncompleteTrickplayError, jpegSize, parseTrickplayIndex } from './trickplay';

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
  /** 14 seconds at 720p with sound, made once for the probe and the ladder. */
  let source: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'chitram-hls-'));
    source = path.join(dir, 'source.mp4');
    await makeTestVideo(source, { seconds: 14, height: 720 });
  }, 120_000);
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('probes a video by its streams, and refuses a file that is not one whatever its name', async () => {
    expect(await probeVideo(source)).toMatchObject({
      width: 1280,
      height: 720,
      hasAudio: true,
      // D44: a dub may be taken from one of these.
      audioStreams: [{ stream: 0, language: null, title: null, codec: 'aac', channels: 1 }],
      videoCodec: 'h264',
    });
    expect((await probeVideo(source)).durationSeconds).toBeCloseTo(14, 0);
    const fake = path.join(dir, 'not-a-video.mp4');
    await writeFile(fake, 'this is text, not a film');
    await expect(probeVideo(fake)).rejects.toBeInstanceOf(NotAVideoError);
  });

  it('writes 360p to the source height in 6-second segments with a master playlist and a poster', async () => {
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
    // A whole 720p ladder with its sheets, on a machine running the browser suite beside it.
  }, 180_000);

  it('transcodes a silent video too', async () => {
    const source = path.join(dir, 'silent.mp4');
    await makeTestVideo(source, { seconds: 4, height: 360, audio: false });
    const probe = await probeVideo(source);
    expect(probe.hasAudio).toBe(false);
    const result = await transcodeToHls(source, probe, path.join(dir, 'silent'));
    expect(result.renditions.map((r) => r.height)).toEqual([360]);
  });
});

describe('trickplay sheets from keyframes (D42)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'chitram-trickplay-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('covers the whole video with ~240 px thumbnails at its display aspect ratio, and refuses partial output', async () => {
    const source = path.join(dir, 'long.mp4');
    await makeTestVideo(source, { seconds: 47, height: 360, pattern: 'testsrc2' });
    const probe = await probeVideo(source);
    const out = path.join(dir, 'out');
    const result = await transcodeToHls(source, probe, out);

    expect(result.trickplay).toMatchObject({ interval: 5, thumbnails: 10, sheets: 1, thumbWidth: 240 });
    // 16:9 at 240 px wide, to an even height.
    expect(result.trickplay.thumbHeight).toBe(134);
    expect(result.files).toEqual(expect.arrayContaining(['trickplay/index.vtt', 'trickplay/sheet_001.jpg']));
    const index = await readFile(path.join(out, 'trickplay', 'index.vtt'), 'utf8');
    expect(index.startsWith('WEBVTT\n')).toBe(true);
    const cues = parseTrickplayIndex(index);
    expect(cues).toHaveLength(10);
    expect(cues[0]).toMatchObject({ start: 0, end: 5, sheet: 'sheet_001.jpg', x: 0, y: 0, w: 240, h: 134 });
    expect(cues[9]).toMatchObject({ start: 45, sheet: 'sheet_001.jpg', x: 9 * 240, y: 0 });
    expect(cues[9].end).toBeCloseTo(probe.durationSeconds, 2);
    for (const [i, cue] of cues.entries()) if (i) expect(cue.start).toBe(cues[i - 1].end);
    const sheet = await readFile(path.join(out, 'trickplay', 'sheet_001.jpg'));
    expect(jpegSize(sheet)).toEqual({ width: 2400, height: 1340 });
    // The thumbnails differ along the film (testsrc2 moves): not one picture held throughout.
    const thumbs = path.join(dir, 'thumbs');
    await mkdir(thumbs);
    const { ffmpeg } = await ffmpegTools();
    for (const [i, cue] of [cues[0], cues[9]].entries())
      spawnSync(ffmpeg, [
        '-v',
        'error',
        '-i',
        path.join(out, 'trickplay', cue.sheet),
        '-vf',
        `crop=${cue.w}:${cue.h}:${cue.x}:${cue.y}`,
        path.join(thumbs, `${i}.jpg`),
      ]);
    expect(
      (await readFile(path.join(thumbs, '0.jpg'))).equals(await readFile(path.join(thumbs, '1.jpg'))),
    ).toBe(false);

    const whole = { interval: 5, thumbnails: 10, sheets: 1 };
    await expect(checkTrickplay(out, whole, probe.durationSeconds)).resolves.toBeUndefined();
    // A sheet cut short (a crash mid-write, a full disk) is not a whole JPEG.
    await writeFile(path.join(out, 'trickplay', 'sheet_001.jpg'), sheet.subarray(0, sheet.length / 2));
    await expect(checkTrickplay(out, whole, probe.durationSeconds)).rejects.toBeInstanceOf(
      IncompleteTrickplayError,
    );
    await writeFile(path.join(out, 'trickplay', 'sheet_001.jpg'), sheet);
    // An index that stops before the end leaves the last seconds without a picture.
    await writeFile(
      path.join(out, 'trickplay', 'index.vtt'),
      index
        .split('\n')
        .slice(0, 2 + 3 * 8)
        .join('\n'),
    );
    await expect(checkTrickplay(out, whole, probe.durationSeconds)).rejects.toThrow(/end at 40 s/);
  }, 180_000);

  it('fails when the keyframes stop before the end: no partial sheets are passed on', async () => {
    // A picture that stops at 8 s while the sound runs on to 40 s: the rendition has keyframes to 6 s only.
    const source = path.join(dir, 'short-picture.mp4');
    await makeShortPictureVideo(source, { pictureSeconds: 8, soundSeconds: 40 });
    const probe = await probeVideo(source);
    expect(probe.durationSeconds).toBeGreaterThan(39);
    await expect(transcodeToHls(source, probe, path.join(dir, 'short-out'))).rejects.toBeInstanceOf(
      IncompleteTrickplayError,
    );
  }, 180_000);
});
