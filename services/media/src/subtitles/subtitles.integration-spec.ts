import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ErrorCode,
  STREAM_VIEWER_HEADER,
  Subjects,
  SUBTITLE_UPLOADS_PATH,
  type StreamGrant,
  type SubtitleTrack,
} from '@chitram/contracts';
import { connectNats, RpcClient } from '@chitram/nest-kit';
import {
  isolatedEnv,
  startTestService,
  testInfrastructure,
  testObjectStorage,
  type TestObjectStorage,
  type TestService,
} from '@chitram/test-helpers';
import type { NatsConnection } from 'nats';
import { MediaHttpServer } from '../http/media-http.server';
import { mediaService } from '../service';
import { makeTestVideo } from '../transcoding/test-sources';
import {
  attributesOf,
  ffmpegSays,
  gatewayStandIn,
  sendToMedia,
  transcodedVideo,
} from '../streaming/stream-origin.testing';

const send = sendToMedia;
const probeInput = (url: string) => ffmpegSays(['-i', url]);

const cues = (words: string[]) =>
  words.map((w, i) => `${i + 1}\n00:00:0${i},200 --> 00:00:0${i + 1},000\n${w}\n`).join('\n');

// Subtitles (D44) over a video really transcoded by ffmpeg: uploaded as SRT and WebVTT, listed in the
// master playlist, served under their own tokens only.

describe('subtitle tracks of a video (D44)', () => {
  const isolation = isolatedEnv();
  let s3: TestObjectStorage;
  let media: TestService;
  let nats: NatsConnection;
  let rpc: RpcClient;
  let base: string;
  let videoId: string;
  const viewer = randomUUID();

  const upload = (query: string, text: string | Buffer) =>
    send(
      `${base}${SUBTITLE_UPLOADS_PATH}/${videoId}?${query}`,
      'POST',
      { 'content-type': 'text/plain' },
      Buffer.from(text),
    );
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
      screenId: randomUUID(),
      maxResolution,
      maxStreams: 4,
      isSubscribed: true,
    });

  beforeAll(async () => {
    s3 = await testObjectStorage();
    media = await startTestService(mediaService, {
      env: { ...s3.env, ...isolation.env, MEDIA_HTTP_PORT: '0' },
    });
    base = media.app.get(MediaHttpServer).url;
    nats = await connectNats(testInfrastructure().NATS_URL, 'subtitles-test');
    rpc = new RpcClient(nats, 5000);
    const work = await mkdtemp(path.join(tmpdir(), 'chitram-subtitles-'));
    try {
      const file = path.join(work, 'film.mp4');
      await makeTestVideo(file, { seconds: 4, height: 480 });
      videoId = await transcodedVideo(media, rpc, file);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }, 210_000);

  afterAll(async () => {
    await nats?.close();
    await media?.destroy();
    await s3?.destroy();
    await isolation.cleanUp();
  });

  it('refuses an SRT with a broken timing with SUBTITLE_INVALID and its line, and a language not of the eight', async () => {
    const broken = await upload(
      'language=ta',
      '1\n00:00:01,000 --> 00:00:02,000\nok\n\n2\n00:00:03,000 --> 00:00:02,500\nbad\n',
    );
    expect(broken.status).toBe(400);
    const body = JSON.parse(broken.body.toString()) as {
      code: string;
      message: string;
      fields: { file: string[] };
    };
    expect(body.code).toBe(ErrorCode.SUBTITLE_INVALID);
    expect(body.message).toMatch(/^Line 6: /);
    expect(body.fields.file[0]).toMatch(/^Line 6: /);
    const unknown = await upload('language=fr', 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nx\n');
    expect(unknown.status).toBe(400);
    expect(JSON.parse(unknown.body.toString()).code).toBe(ErrorCode.VALIDATION_FAILED);
    expect((await upload('language=ta', Buffer.alloc(600 * 1024, 0x41))).status).toBe(413);
  });

  it('lists each track in the master playlist with its attributes; ffmpeg (its HLS demuxer) reads it; the plan ceiling holds', async () => {
    const tamil = await upload('language=ta', cues(['வணக்கம்', 'நன்றி', 'மீண்டும்']));
    expect(tamil.status).toBe(201);
    const hindi = await upload(
      'language=hi&sdh=true',
      `WEBVTT\n\n${cues(['नमस्ते', '[संगीत]']).replace(/,/g, '.')}`,
    );
    expect(hindi.status).toBe(201);
    const forced = await upload('language=en&forced=true', cues(['Hello']));
    expect(forced.status).toBe(201);
    expect(JSON.parse(hindi.body.toString())).toMatchObject({
      language: 'hi',
      sdh: true,
      forced: false,
      format: 'vtt',
      cueCount: 2,
    });
    const listed = await rpc.call(Subjects.media.videos.subtitles, { videoId });
    expect(listed.subtitles.map((s: SubtitleTrack) => [s.language, s.name, s.format])).toEqual([
      ['en', 'English (forced)', 'srt'],
      ['hi', 'हिन्दी (SDH)', 'vtt'],
      ['ta', 'தமிழ்', 'srt'],
    ]);

    const answer = await grant(360);
    const master = await origin(answer.movieUrl);
    expect(master.status).toBe(200);
    const text = master.body.toString();
    const media = text
      .split('\n')
      .filter((l) => l.startsWith('#EXT-X-MEDIA:'))
      .map(attributesOf);
    expect(
      media.map(({ URI, ...rest }) => ({
        ...rest,
        URI: /^\/api\/stream\/[^/]+\/subtitles\/[0-9a-f]{12}\/index\.m3u8$/.test(URI),
      })),
    ).toEqual([
      {
        TYPE: 'SUBTITLES',
        'GROUP-ID': 'subs',
        LANGUAGE: 'en',
        NAME: 'English (forced)',
        DEFAULT: 'NO',
        AUTOSELECT: 'YES',
        FORCED: 'YES',
        URI: true,
      },
      {
        TYPE: 'SUBTITLES',
        'GROUP-ID': 'subs',
        LANGUAGE: 'hi',
        NAME: 'हिन्दी (SDH)',
        DEFAULT: 'NO',
        AUTOSELECT: 'YES',
        FORCED: 'NO',
        CHARACTERISTICS:
          'public.accessibility.transcribes-spoken-dialog,public.accessibility.describes-music-and-sound',
        URI: true,
      },
      {
        TYPE: 'SUBTITLES',
        'GROUP-ID': 'subs',
        LANGUAGE: 'ta',
        NAME: 'தமிழ்',
        DEFAULT: 'NO',
        AUTOSELECT: 'YES',
        FORCED: 'NO',
        URI: true,
      },
    ]);
    const streams = text
      .split('\n')
      .filter((l) => l.startsWith('#EXT-X-STREAM-INF:'))
      .map(attributesOf);
    // The plan's ceiling: 360p only, though the video has 480p too.
    expect(streams.map((s) => [s.RESOLUTION, s.SUBTITLES])).toEqual([['640x360', 'subs']]);

    // The Tamil playlist and its segment, under its own token, with the cues mapped to the first frame.
    const tamilUrl = attributesOf(text.split('\n').find((l) => l.includes('LANGUAGE="ta"'))!).URI;
    const playlist = await origin(tamilUrl);
    expect(playlist.status).toBe(200);
    const segmentUrl = playlist.body
      .toString()
      .split('\n')
      .find((l) => l.endsWith('.vtt'))!;
    expect(segmentUrl).toMatch(/^\/api\/stream\/[^/]+\/subtitles\/[0-9a-f]{12}\/seg_0000\.vtt$/);
    const segment = await origin(segmentUrl);
    expect(segment.status).toBe(200);
    expect(segment.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(segment.body.toString()).toMatch(
      /^WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:\d+,LOCAL:00:00:00\.000\n\n00:00:00\.200 --> 00:00:01\.000\nவணக்கம்/,
    );

    // ffmpeg's HLS demuxer reads the master playlist through a stand-in for the gateway (its /api/stream/
    // addresses, the viewer it verified). The npm ffprobe this machine falls back to crashes on any
    // MPEG-TS (with or without subtitles), so ffmpeg (the same libavformat) is asked: `-i` and no output.
    const gateway = await gatewayStandIn(origin);
    try {
      const read = await probeInput(`${gateway.url}${answer.movieUrl}`);
      expect(read).toMatch(/Input #0, hls/);
      expect(read).toMatch(/Video: h264[^\n]*640x360/);
      expect(read).not.toMatch(/x480/);
      expect(read).toMatch(/Audio: aac/);
    } finally {
      gateway.server.close();
    }
  });

  it("refuses a wrong token for a subtitle playlist or segment: another track's, a rendition's, an altered one, another viewer", async () => {
    const answer = await grant(480);
    const text = (await origin(answer.movieUrl)).body.toString();
    const urlOf = (language: string) =>
      attributesOf(text.split('\n').find((l) => l.includes(`LANGUAGE="${language}"`))!).URI;
    const tamil = urlOf('ta');
    const hindi = urlOf('hi');
    const [, , , tamilToken, , tamilId] = tamil.split('/');
    const [, , , hindiToken] = hindi.split('/');
    const rendition = text.split('\n').find((l) => l.endsWith('/360/index.m3u8'))!;
    const [, , , renditionToken] = rendition.split('/');
    const refused = async (url: string, as: string | null = viewer) => {
      const res = await origin(url, as);
      expect({ url, status: res.status }).toEqual({ url, status: 403 });
      expect(JSON.parse(res.body.toString()).code).toBe(ErrorCode.STREAM_FORBIDDEN);
    };
    expect((await origin(tamil)).status).toBe(200);
    await refused(tamil.replace(tamilToken, hindiToken));
    await refused(tamil.replace(tamilToken, renditionToken));
    await refused(
      tamil.replace(`${tamilToken}/subtitles/${tamilId}/index.m3u8`, `${tamilToken}/360/index.m3u8`),
    );
    await refused(
      tamil.replace(`${tamilToken}/subtitles/${tamilId}/index.m3u8`, `${tamilToken}/master.m3u8`),
    );
    await refused(tamil.replace(tamilToken, `${tamilToken.slice(0, -2)}xx`));
    await refused(tamil.replace(/index\.m3u8$/, 'seg_0000.vtt'), randomUUID());
    await refused(answer.movieUrl.replace(/master\.m3u8$/, `subtitles/${tamilId}/index.m3u8`));
  });

  it('removes a track: the master no longer lists it and its token opens nothing', async () => {
    const { subtitles } = await rpc.call(Subjects.media.videos.subtitles, { videoId });
    const english = subtitles.find((s: SubtitleTrack) => s.language === 'en')!;
    const before = (await origin((await grant(360)).movieUrl)).body.toString();
    const englishUrl = attributesOf(before.split('\n').find((l) => l.includes('LANGUAGE="en"'))!).URI;
    const after = await rpc.call(Subjects.media.videos.removeSubtitle, {
      videoId,
      subtitleId: english.subtitleId,
    });
    expect(after.subtitles.map((s: SubtitleTrack) => s.language)).toEqual(['hi', 'ta']);
    expect((await origin((await grant(360)).movieUrl)).body.toString()).not.toContain('LANGUAGE="en"');
    expect((await origin(englishUrl)).status).toBe(403);
  });
});
