import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  DomainError,
  ErrorCode,
  STREAM_VIEWER_HEADER,
  Subjects,
  SUBTITLE_UPLOADS_PATH,
  type AudioTrack,
  type StreamGrant,
} from '@chitram/contracts';
import { connectNats, RpcClient } from '@chitram/nest-kit';
import {
  isolatedEnv,
  startTestService,
  testInfrastructure,
  testObjectStorage,
  waitFor,
  type TestObjectStorage,
  type TestService,
} from '@chitram/test-helpers';
import type { NatsConnection } from 'nats';
import { MediaHttpServer } from '../http/media-http.server';
import { mediaService } from '../service';
import { ObjectStorage } from '../storage/object-storage';
import { firstPts } from '../subtitles/mpegts-start';
import { decryptSegment } from '../transcoding/segment-keys';
import {
  attributesOf,
  ffmpegSays,
  gatewayStandIn,
  sendToMedia,
  transcodedVideo,
} from '../streaming/stream-origin.testing';
import { makeTestVideo, makeToneAudio } from '../transcoding/test-sources';
import { AudioTracksService } from './audio-tracks.service';

const send = sendToMedia;

// Extra audio tracks (D44) over a video really transcoded by ffmpeg, with two audio streams in its
// source: a Hindi dub from an uploaded file, a Telugu one from the source's second stream, each made
// by the audio job into a rendition beside the picture; listed in the master with two subtitle
// languages; served under their own tokens only.

describe('audio tracks of a video (D44)', () => {
  const isolation = isolatedEnv();
  let s3: TestObjectStorage;
  let media: TestService;
  let nats: NatsConnection;
  let rpc: RpcClient;
  let base: string;
  let videoId: string;
  let work: string;
  let gateway: Server;
  let gatewayUrl: string;
  let renditionKeysBefore: string[];
  const viewer = randomUUID();
  // One screen for every grant: a plan of four screens would run out of new ones.
  const screenId = randomUUID();

  const origin = (url: string, as: string | null = viewer) =>
    send(
      `${base}${url.replace(/^\/api\/stream\//, '/stream/')}`,
      'GET',
      as ? { [STREAM_VIEWER_HEADER]: as } : {},
    );
  const grant = (maxResolution: number): Promise<StreamGrant> =>
    rpc.call(Subjects.media.streams.grant, {
      videoId,
      viewerId: viewer,
      screenId,
      maxResolution,
      maxStreams: 4,
      isSubscribed: true,
    });
  const tracks = async () => (await rpc.call(Subjects.media.videos.audioTracks, { videoId })).tracks;
  const masterText = async (maxResolution = 360) =>
    (await origin((await grant(maxResolution)).movieUrl)).body.toString();
  const audioLines = (text: string) =>
    text
      .split('\n')
      .filter((l) => l.startsWith('#EXT-X-MEDIA:TYPE=AUDIO'))
      .map(attributesOf);
  /** A paid stream's first segment of a playlist, decrypted with the key the playlist names (D35). */
  const firstClearSegment = async (playlistUrl: string) => {
    const lines = (await origin(playlistUrl)).body.toString().split('\n');
    const keyUrl = /URI="([^"]+)"/.exec(lines.find((l) => l.startsWith('#EXT-X-KEY:'))!)![1];
    const segment = (await origin(lines.find((l) => l.endsWith('.ts'))!)).body;
    return decryptSegment(segment, (await origin(keyUrl)).body, 0);
  };
  const renditionKeys = async () =>
    (await media.app.get(ObjectStorage).keysUnder(`hls/${videoId}/`)).filter((k) => !k.includes('/audio/'));

  beforeAll(async () => {
    s3 = await testObjectStorage();
    media = await startTestService(mediaService, {
      env: { ...s3.env, ...isolation.env, MEDIA_HTTP_PORT: '0' },
    });
    base = media.app.get(MediaHttpServer).url;
    nats = await connectNats(testInfrastructure().NATS_URL, 'audio-tracks-test');
    rpc = new RpcClient(nats, 5000);
    work = await mkdtemp(path.join(tmpdir(), 'chitram-audio-tracks-'));
    const file = path.join(work, 'film.mp4');
    // 440 Hz is the film's own sound; 880 Hz its source's second audio stream.
    await makeTestVideo(file, { seconds: 8, height: 480, moreTones: [880] });
    videoId = await transcodedVideo(media, rpc, file);
    renditionKeysBefore = await renditionKeys();
    // ffmpeg reads the stream through a stand-in for the gateway (its /api/stream/ addresses, the viewer).
    ({ server: gateway, url: gatewayUrl } = await gatewayStandIn(origin));
  }, 210_000);

  afterAll(async () => {
    gateway?.close();
    await nats?.close();
    await media?.destroy();
    await s3?.destroy();
    await isolation.cleanUp();
    if (work) await rm(work, { recursive: true, force: true });
  });

  it("lists the source's audio streams, and refuses a stream it lacks, a language not of the eight, and a file that is not audio", async () => {
    const answer = await rpc.call(Subjects.media.videos.audioTracks, { videoId });
    expect(answer.tracks).toEqual([]);
    expect(answer.sourceStreams.map((s) => [s.stream, s.codec, s.channels])).toEqual([
      [0, 'aac', 1],
      [1, 'aac', 1],
    ]);
    const missing = rpc.call(Subjects.media.videos.addAudioStream, {
      videoId,
      language: 'te',
      sourceStream: 2,
    });
    await expect(missing).rejects.toMatchObject({ code: ErrorCode.AUDIO_STREAM_NOT_FOUND });
    const french = rpc.call(Subjects.media.videos.addAudioStream, {
      videoId,
      language: 'fr' as 'te',
      sourceStream: 1,
    });
    await expect(french).rejects.toMatchObject({ code: ErrorCode.VALIDATION_FAILED });

    // What the tus upload's hooks do (audio-uploads.ts; the gateway's spec uploads over tus itself).
    const service = media.app.get(AudioTracksService);
    const text = path.join(work, 'notes.wav');
    await writeFile(text, 'RIFF this is not a sound at all');
    await service.openUpload(videoId, 'aaaaaaaaaaaa', 'bn', 'ta');
    const refused = service.uploaded('aaaaaaaaaaaa', text);
    await expect(refused).rejects.toBeInstanceOf(DomainError);
    await expect(refused).rejects.toMatchObject({ code: ErrorCode.AUDIO_INVALID });
    expect((await tracks()).find((t) => t.audioTrackId === 'aaaaaaaaaaaa')).toMatchObject({
      state: 'failed',
      error: 'The file is not audio: no audio stream was found in it.',
    });
    // Nothing was listed meanwhile: the original alone is no reason for an audio group.
    await waitFor(async () => (await tracks()).find((t) => t.original)?.state === 'ready', 60_000, 200);
    expect(audioLines(await masterText())).toEqual([]);
    await rpc.call(Subjects.media.videos.removeAudioTrack, { videoId, audioTrackId: 'aaaaaaaaaaaa' });
    expect(await tracks()).toEqual([]);
  });

  it('makes a Hindi dub from a file and a Telugu one from the source, without touching the picture; the master lists them with two subtitle languages, ffmpeg reads it, the ceiling holds', async () => {
    const service = media.app.get(AudioTracksService);
    const hindiFile = path.join(work, 'hindi.wav');
    await makeToneAudio(hindiFile, { seconds: 5, tone: 660 });
    const hindi = await service.openUpload(videoId, 'bbbbbbbbbbbb', 'hi', 'ta');
    await service.uploaded(hindi.audioTrackId, hindiFile);
    const telugu = await rpc.call(Subjects.media.videos.addAudioStream, {
      videoId,
      language: 'te',
      sourceStream: 1,
      originalLanguage: 'ta',
    });
    expect(telugu).toMatchObject({ language: 'te', source: 'stream', sourceStream: 1, name: 'తెలుగు' });
    const again = rpc.call(Subjects.media.videos.addAudioStream, {
      videoId,
      language: 'te',
      sourceStream: 0,
    });
    await expect(again).rejects.toMatchObject({ code: ErrorCode.CONFLICT });
    await waitFor(async () => (await tracks()).every((t) => t.state === 'ready'), 90_000, 300);
    expect((await tracks()).map((t: AudioTrack) => [t.name, t.language, t.original, t.source])).toEqual([
      ['தமிழ்', 'ta', true, 'original'],
      ['हिन्दी', 'hi', false, 'upload'],
      ['తెలుగు', 'te', false, 'stream'],
    ]);
    // The picture's renditions are the very objects they were.
    expect(await renditionKeys()).toEqual(renditionKeysBefore);

    for (const [language, cue] of [
      ['ta', 'வணக்கம்'],
      ['en', 'Hello'],
    ])
      expect(
        (
          await send(
            `${base}${SUBTITLE_UPLOADS_PATH}/${videoId}?language=${language}`,
            'POST',
            { 'content-type': 'text/plain' },
            Buffer.from(`1\n00:00:00,500 --> 00:00:03,000\n${cue}\n`),
          )
        ).status,
      ).toBe(201);

    const answer = await grant(360);
    const text = (await origin(answer.movieUrl)).body.toString();
    const media_ = text
      .split('\n')
      .filter((l) => l.startsWith('#EXT-X-MEDIA:'))
      .map(attributesOf)
      .map(({ URI, ...rest }) => ({ ...rest, URI: URI.replace(/^\/api\/stream\/[^/]+\//, '') }));
    expect(media_).toEqual([
      ...(
        [
          ['ta', 'தமிழ்', 'YES'],
          ['hi', 'हिन्दी', 'NO'],
          ['te', 'తెలుగు', 'NO'],
        ] as const
      ).map(([LANGUAGE, NAME, DEFAULT]) => ({
        TYPE: 'AUDIO',
        'GROUP-ID': 'aud',
        LANGUAGE,
        NAME,
        DEFAULT,
        AUTOSELECT: 'YES',
        CHANNELS: '2',
        URI: expect.stringMatching(/^audio\/[0-9a-f]{12}\/index\.m3u8$/),
      })),
      ...(
        [
          ['en', 'English'],
          ['ta', 'தமிழ்'],
        ] as const
      ).map(([LANGUAGE, NAME]) => ({
        TYPE: 'SUBTITLES',
        'GROUP-ID': 'subs',
        LANGUAGE,
        NAME,
        DEFAULT: 'NO',
        AUTOSELECT: 'YES',
        FORCED: 'NO',
        URI: expect.stringMatching(/^subtitles\/[0-9a-f]{12}\/index\.m3u8$/),
      })),
    ]);
    const streams = text
      .split('\n')
      .filter((l) => l.startsWith('#EXT-X-STREAM-INF:'))
      .map(attributesOf);
    // The plan's ceiling: 360p only, though the video has 480p too.
    expect(streams.map((s) => [s.RESOLUTION, s.AUDIO, s.SUBTITLES])).toEqual([['640x360', 'aud', 'subs']]);

    // ffmpeg's HLS demuxer opens the master and every audio rendition in it, each with its language.
    const read = await ffmpegSays(['-i', `${gatewayUrl}${answer.movieUrl}`]);
    expect(read).toMatch(/Input #0, hls/);
    expect(read).toMatch(/Video: h264[^\n]*640x360/);
    expect(read).not.toMatch(/x480/);
    for (const language of ['ta', 'hi', 'te'])
      expect(read).toMatch(new RegExp(`\\(${language}\\): Audio: aac[^\\n]*48000 Hz, stereo`));
  });

  it('makes every track as loud as the others (−16 LUFS), starting with the picture', async () => {
    const text = await masterText();
    const video = text.split('\n').find((l) => l.endsWith('/360/index.m3u8'))!;
    const videoStart = firstPts(await firstClearSegment(video))!;
    for (const track of audioLines(text)) {
      const said = await ffmpegSays([
        '-nostats',
        '-i',
        `${gatewayUrl}${track.URI}`,
        '-af',
        'ebur128',
        '-f',
        'null',
        '-',
      ]);
      const loudness = Number(/I:\s+(-?[\d.]+) LUFS\s*\n\s*Threshold/.exec(said.split('Summary:')[1])?.[1]);
      expect({ track: track.LANGUAGE, near: Math.abs(loudness + 16) < 1.5 }).toEqual({
        track: track.LANGUAGE,
        near: true,
      });
      // Within one AAC frame (21 ms) of the picture's first timestamp.
      const start = firstPts(await firstClearSegment(track.URI))!;
      expect(Math.abs(start - videoStart)).toBeLessThan(0.05 * 90_000);
    }
  });

  it("serves a track only under its own token: not another track's, a rendition's, the master, another viewer; a paid stream's segments are encrypted with the video's keys", async () => {
    const text = await masterText(480);
    const [, hindi, telugu] = audioLines(text).map((t) => t.URI);
    const [, , , hindiToken, , hindiId] = hindi.split('/');
    const [, , , teluguToken] = telugu.split('/');
    const rendition = text.split('\n').find((l) => l.endsWith('/360/index.m3u8'))!;
    const [, , , renditionToken] = rendition.split('/');
    const refused = async (url: string, as: string | null = viewer) => {
      const res = await origin(url, as);
      expect({ url, status: res.status }).toEqual({ url, status: 403 });
      expect(JSON.parse(res.body.toString()).code).toBe(ErrorCode.STREAM_FORBIDDEN);
    };
    const playlist = await origin(hindi);
    expect(playlist.status).toBe(200);
    const lines = playlist.body.toString().split('\n');
    // A paid stream: the keys are named under a key token, as the picture's are (D35).
    const keyLine = lines.find((l) => l.startsWith('#EXT-X-KEY:'))!;
    expect(keyLine).toMatch(/^#EXT-X-KEY:METHOD=AES-128,URI="\/api\/stream\/[^/]+\/key\/0000"$/);
    const segment = lines.find((l) => l.endsWith('.ts'))!;
    expect(segment).toMatch(/^\/api\/stream\/[^/]+\/audio\/[0-9a-f]{12}\/segment_0000\.ts$/);
    const bytes = await origin(segment);
    expect(bytes.status).toBe(200);
    expect(bytes.body[0]).not.toBe(0x47); // encrypted, not plain MPEG-TS
    expect((await origin(/URI="([^"]+)"/.exec(keyLine)![1])).body.length).toBe(16);

    await refused(hindi.replace(hindiToken, teluguToken));
    await refused(hindi.replace(hindiToken, renditionToken));
    await refused(hindi.replace(`${hindiToken}/audio/${hindiId}/index.m3u8`, `${hindiToken}/360/index.m3u8`));
    await refused(hindi.replace(`${hindiToken}/audio/${hindiId}/index.m3u8`, `${hindiToken}/master.m3u8`));
    await refused(hindi.replace(/index\.m3u8$/, 'source'));
    await refused(hindi.replace(hindiToken, `${hindiToken.slice(0, -2)}xx`));
    await refused(segment, randomUUID());
    await refused(rendition.replace(`/360/index.m3u8`, `/audio/${hindiId}/index.m3u8`));
  });

  it('removes a dub: the master no longer lists it and its token opens nothing; the last dub takes the audio group with it', async () => {
    const before = await masterText();
    const [, hindiUrl] = audioLines(before).map((t) => t.URI);
    const all = await tracks();
    const hindi = all.find((t) => t.language === 'hi')!;
    const original = all.find((t) => t.original)!;
    await expect(
      rpc.call(Subjects.media.videos.removeAudioTrack, { videoId, audioTrackId: original.audioTrackId }),
    ).rejects.toMatchObject({ code: ErrorCode.CONFLICT });
    const after = await rpc.call(Subjects.media.videos.removeAudioTrack, {
      videoId,
      audioTrackId: hindi.audioTrackId,
    });
    expect(after.tracks.map((t) => t.language)).toEqual(['ta', 'te']);
    expect(audioLines(await masterText()).map((t) => t.LANGUAGE)).toEqual(['ta', 'te']);
    expect((await origin(hindiUrl)).status).toBe(403);
    const telugu = after.tracks.find((t) => t.language === 'te')!;
    const none = await rpc.call(Subjects.media.videos.removeAudioTrack, {
      videoId,
      audioTrackId: telugu.audioTrackId,
    });
    expect(none.tracks).toEqual([]);
    const text = await masterText();
    expect(audioLines(text)).toEqual([]);
    expect(text).not.toContain('AUDIO="aud"');
    expect(await media.app.get(ObjectStorage).keysUnder(`hls/${videoId}/audio/`)).toEqual([]);
  });
});
