import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  ErrorCode,
  MEDIA_CACHE_CONTROL,
  MEDIA_IMAGES_PATH,
  MEDIA_SIZE_LIMITS,
  Subjects,
} from '@chitram/contracts';
import { connectNats, loadConfig, RpcClient } from '@chitram/nest-kit';
import {
  isolatedEnv,
  testInfrastructure,
  testObjectStorage,
  waitFor,
  type TestObjectStorage,
} from '@chitram/test-helpers';
import type { NatsConnection } from 'nats';
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import request from 'supertest';
import { createGatewayApp } from '../app';
import { GatewayConfig } from '../config';
import { testTokens } from '../testing/access-tokens';
import { startServiceProcesses, type RunningProcesses } from '../testing/service-processes';
import { multipartBody, type Part } from '../testing/multipart';
import { freePort } from '../testing/media-fixtures';

async function picture(width: number, height: number, format: 'webp' | 'png' | 'jpeg', colour: string) {
  return sharp({ create: { width, height, channels: 4, background: colour } })
    .toFormat(format)
    .toBuffer();
}

// Services start, storage and events take seconds on a loaded machine; the root jest config runs
// projects together, where a project's own testTimeout is not applied.
jest.setTimeout(60_000);

describe('admin upload forms through the gateway', () => {
  const isolation = isolatedEnv();
  const tokens = testTokens();
  let admin: string;
  let s3: TestObjectStorage;
  let services: RunningProcesses;
  let nats: NatsConnection;
  let rpc: RpcClient;
  let app: NestFastifyApplication;
  let http: ReturnType<typeof request>;
  let address: string;
  let poster: Buffer;
  let banner: Buffer;
  let lettering: Buffer;

  const movieFields = (overrides: Record<string, string> = {}): Part[] =>
    Object.entries({
      title: 'Godavari Express',
      description: 'A night train, a missing ledger and a ticket inspector who notices everything.',
      cast: 'Ravi Kiran Challa, Lakshmi Prasanna Vemuri , Arjun Kodali',
      language: 'telugu',
      rating: 'U/A',
      releaseYear: '2021',
      duration: '2hr 14min',
      isFree: 'false',
      type: 'movie',
      movieUrl: 'https://videos.example.com/godavari-express/master.m3u8',
      ...overrides,
    }).map(([name, value]) => ({ name, value }));

  const genres: Part[] = [
    { name: 'genre', value: 'Thriller' },
    { name: 'genre', value: 'Drama' },
  ];

  const files = (): Part[] => [
    { name: 'thumbnail', filename: 'poster.png', contentType: 'image/png', data: poster },
    { name: 'banner', filename: 'banner.png', contentType: 'image/png', data: banner },
    { name: 'titleImage', filename: 'title.png', contentType: 'image/png', data: lettering },
  ];

  const send = (method: 'post' | 'patch', path: string, parts: Part[]) => {
    const { contentType, body } = multipartBody(parts);
    return http[method](path)
      .set('authorization', `Bearer ${admin}`)
      .set('content-type', contentType)
      .send(body);
  };

  const stored = () => s3.keys();
  /** How many movies and shows the catalogue holds, as its admin lists count them. */
  const titles = async () => ({
    movies: (await rpc.call(Subjects.catalog.movies.page, {})).totalMovies,
    shows: (await rpc.call(Subjects.catalog.episodes.page, {})).totalEpisodes,
  });
  const keyOf = (url: string) => url.slice(MEDIA_IMAGES_PATH.length);

  beforeAll(async () => {
    s3 = await testObjectStorage();
    const mediaPort = await freePort();
    // The real media and catalog services, run as the platform runs them (the gateway may not import
    // a service): real Postgres, NATS, Redis and S3-compatible storage behind the routes.
    services = await startServiceProcesses(['media', 'catalog'], isolation.env, {
      media: { ...s3.env, MEDIA_HTTP_PORT: String(mediaPort) },
    });
    nats = await connectNats(testInfrastructure().NATS_URL, 'admin-uploads-test');
    rpc = new RpcClient(nats, 10_000);
    const config = loadConfig(GatewayConfig, {
      ...testInfrastructure(),
      LOG_LEVEL: 'silent',
      RPC_TIMEOUT_MS: '10000',
      MEDIA_URL: `http://127.0.0.1:${mediaPort}`,
      JWT_PUBLIC_KEY: tokens.publicPem,
      REDIS_KEY_PREFIX: isolation.env.REDIS_KEY_PREFIX,
    });
    admin = (await tokens.as('admin')).token;
    app = await createGatewayApp(config);
    await app.listen(0, '127.0.0.1');
    address = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    http = request(address);
    [poster, banner, lettering] = await Promise.all([
      picture(200, 300, 'webp', '#8e44ad'),
      picture(640, 360, 'jpeg', '#16a085'),
      picture(400, 120, 'png', '#00000000'),
    ]);
  });

  afterAll(async () => {
    await app?.close();
    await nats?.close();
    await services?.stop();
    await s3?.destroy();
    await isolation.cleanUp();
  });

  it('creates a movie from the form, whose images load with their real type and a year-long cache', async () => {
    const res = await send('post', '/api/admin/movies', [...movieFields(), ...genres, ...files()]).expect(
      201,
    );
    expect(res.body).toMatchObject({
      title: 'Godavari Express',
      cast: ['Ravi Kiran Challa', 'Lakshmi Prasanna Vemuri', 'Arjun Kodali'],
      genre: ['Thriller', 'Drama'],
      language: 'Telugu',
      releaseYear: 2021,
      isFree: false,
    });
    const urls = [res.body.thumbnailUrl, res.body.bannerUrl, res.body.titlePngUrl] as string[];
    for (const url of urls)
      expect(url).toMatch(/^\/api\/media\/images\/images\/[0-9a-f-]{36}\.(webp|jpg|png)$/);
    expect((await stored()).sort()).toEqual(urls.map(keyOf).sort());

    // Named .png and sent as image/png, but the bytes are WebP and JPEG: served as what they are.
    const expected = [
      ['image/webp', poster],
      ['image/jpeg', banner],
      ['image/png', lettering],
    ] as const;
    for (const [i, url] of urls.entries()) {
      const image = await http.get(url).buffer(true).expect(200);
      expect(image.headers['content-type']).toBe(expected[i][0]);
      expect(image.headers['cache-control']).toBe(MEDIA_CACHE_CONTROL);
      expect(image.headers.etag).toBeDefined();
      expect(Buffer.compare(image.body as Buffer, expected[i][1])).toBe(0);
      await http.get(url).set('if-none-match', image.headers.etag).expect(304);
    }
    await http.head(urls[0]).expect(200).expect('content-length', String(poster.length));
    await http.get('/api/media/images/images/not-a-key.png').expect(404);
    await http.get('/api/media/images/images/00000000-0000-4000-8000-000000000000.png').expect(404);

    // Each picture also comes at the widths a page's slots ask for (issue 19), as WebP.
    const small = await http.get(`${urls[1]}?w=320`).buffer(true).expect(200);
    expect(small.headers['content-type']).toBe('image/webp');
    expect(small.headers['cache-control']).toBe(MEDIA_CACHE_CONTROL);
    const meta = await sharp(small.body as Buffer).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 320, 180]);
    const refused = await http.get(`${urls[1]}?w=321`).expect(400);
    expect(refused.body.code).toBe(ErrorCode.VALIDATION_FAILED);
  });

  it('refuses a file that is not an image by its content, naming the field, and keeps nothing', async () => {
    const before = await stored();
    const counted = await titles();
    const fake = {
      name: 'thumbnail',
      filename: 'poster.jpg',
      contentType: 'image/jpeg',
      data: Buffer.from('MZ\x90\0 not a picture at all'),
    };
    const res = await send('post', '/api/admin/movies', [
      ...movieFields(),
      ...genres,
      files()[1], // the banner goes up first and must be taken back
      fake,
      files()[2],
    ]).expect(415);
    expect(res.body).toEqual({
      code: ErrorCode.UNSUPPORTED_MEDIA_TYPE,
      message: 'thumbnail must be a JPEG, PNG, WebP or GIF image; the file sent is not.',
    });
    expect(await stored()).toEqual(before);
    expect(await titles()).toEqual(counted);
  });

  it('refuses an image over 10 MB with 413 and keeps nothing', async () => {
    const before = await stored();
    const counted = await titles();
    const huge = Buffer.concat([lettering.subarray(0, 64), Buffer.alloc(MEDIA_SIZE_LIMITS.image, 1)]);
    const res = await send('post', '/api/admin/movies', [
      ...movieFields(),
      ...genres,
      files()[0],
      files()[1],
      { name: 'titleImage', filename: 'title.png', contentType: 'image/png', data: huge },
    ]).expect(413);
    expect(res.body).toEqual({
      code: ErrorCode.PAYLOAD_TOO_LARGE,
      message: 'titleImage is too large: images may be at most 10 MB.',
    });
    expect(await stored()).toEqual(before);
    expect(await titles()).toEqual(counted);
  });

  it('refuses a form cut off in the middle of a file and keeps nothing', async () => {
    const before = await stored();
    const counted = await titles();
    const { contentType, body } = multipartBody([...movieFields(), ...genres, ...files()]);
    const cut = body.subarray(0, body.length - lettering.length / 2);
    const res = await http
      .post('/api/admin/movies')
      .set('authorization', `Bearer ${admin}`)
      .set('content-type', contentType)
      .send(cut)
      .expect(400);
    expect(res.body).toEqual({ code: ErrorCode.BAD_REQUEST, message: expect.stringMatching(/cut off/) });
    expect(await stored()).toEqual(before);
    expect(await titles()).toEqual(counted);
  });

  it("keeps nothing when the admin's connection drops mid-upload", async () => {
    const before = await stored();
    const counted = await titles();
    const { contentType, body } = multipartBody([...movieFields(), ...genres, ...files()]);
    await new Promise<void>((resolve) => {
      const req = httpRequest(`${address}/api/admin/movies`, {
        method: 'POST',
        headers: {
          'content-type': contentType,
          'content-length': String(body.length),
          authorization: `Bearer ${admin}`,
        },
      });
      req.on('error', () => resolve());
      req.on('response', () => resolve());
      req.write(body.subarray(0, body.length - 200));
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 300);
    });
    await new Promise((r) => setTimeout(r, 700));
    expect(await stored()).toEqual(before);
    expect(await titles()).toEqual(counted);
  });

  it('takes back the uploaded files when the catalogue refuses a field', async () => {
    const before = await stored();
    const counted = await titles();
    const res = await send('post', '/api/admin/movies', [
      ...movieFields({ releaseYear: '1890' }),
      ...genres,
      ...files(),
    ]).expect(400);
    expect(res.body.code).toBe(ErrorCode.VALIDATION_FAILED);
    expect(Object.keys(res.body.fields)).toEqual(['releaseYear']);
    expect(await stored()).toEqual(before);
    expect(await titles()).toEqual(counted);
  });

  it('names a missing image by its form field', async () => {
    const res = await send('post', '/api/admin/movies', [
      ...movieFields(),
      ...genres,
      files()[0],
      files()[1],
    ]).expect(400);
    expect(res.body).toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
      message: 'titleImage is required',
      fields: { titleImage: expect.arrayContaining(['titleImage is required']) },
    });
  });

  it('answers 415 for a form that is not multipart', async () => {
    const res = await http
      .post('/api/admin/movies')
      .set('authorization', `Bearer ${admin}`)
      .send({ title: 'x' })
      .expect(415);
    expect(res.body.code).toBe(ErrorCode.UNSUPPORTED_MEDIA_TYPE);
  });

  it('updates a movie: empty fields left out, cast split, a new thumbnail replacing (and removing) the old', async () => {
    const created = await send('post', '/api/admin/movies', [...movieFields(), ...genres, ...files()]).expect(
      201,
    );
    const oldThumbnail = keyOf(created.body.thumbnailUrl as string);
    const newPoster = await picture(200, 300, 'png', '#e67e22');
    const res = await send('patch', `/api/admin/movies/update/${created.body._id}`, [
      { name: 'title', value: '' },
      { name: 'description', value: '' },
      { name: 'cast', value: 'Ravi Kiran Challa,  Divya Ramanathan' },
      { name: 'isFree', value: 'true' },
      { name: 'thumbnail', filename: 'new.png', contentType: 'image/png', data: newPoster },
      { name: 'banner', filename: '', data: Buffer.alloc(0) }, // a picker left empty
    ]).expect(200);
    expect(res.body).toMatchObject({
      _id: created.body._id,
      title: 'Godavari Express',
      cast: ['Ravi Kiran Challa', 'Divya Ramanathan'],
      isFree: true,
      bannerUrl: created.body.bannerUrl,
    });
    expect(res.body.thumbnailUrl).not.toBe(created.body.thumbnailUrl);
    await http.get(res.body.thumbnailUrl).expect(200).expect('content-type', 'image/png');
    // The catalogue announces the replaced image from its outbox; media removes it.
    await waitFor(async () => !(await stored()).includes(oldThumbnail), 10_000);
    await http.get(created.body.thumbnailUrl).expect(404);
  });

  it('uploads nothing for a movie that does not exist', async () => {
    const before = await stored();
    await send('patch', `/api/admin/movies/update/${randomUUID()}`, [...files()]).expect(404);
    expect(await stored()).toEqual(before);
  });

  it('uploads a show and updates it with repeated cast[] entries', async () => {
    const show = await send('post', '/api/series/upload-episode', [
      { name: 'title', value: 'Ward Sabha' },
      { name: 'description', value: 'Citizens question their councillor on the new drain.' },
      { name: 'videoUrl', value: 'https://videos.example.com/ward-sabha/master.m3u8' },
      { name: 'duration', value: '24min' },
      { name: 'releaseDate', value: '2024-03-02' },
      { name: 'cast[]', value: 'Meera Iyer' },
      { name: 'rating', value: 'U' },
      { name: 'category', value: 'political' },
      { name: 'banner', filename: 'b.png', contentType: 'image/png', data: banner },
      { name: 'titleImage', filename: 't.png', contentType: 'image/png', data: lettering },
    ]).expect(201);
    expect(show.body).toMatchObject({ title: 'Ward Sabha', cast: ['Meera Iyer'], category: 'political' });

    const updated = await send('patch', `/api/series/show/none/episodes/${show.body._id}`, [
      { name: 'title', value: '' },
      { name: 'cast[]', value: 'Meera Iyer' },
      { name: 'cast[]', value: ' Kabir Saxena ' },
      { name: 'rating', value: '' },
    ]).expect(200);
    expect(updated.body).toMatchObject({
      title: 'Ward Sabha',
      rating: 'U',
      cast: ['Meera Iyer', 'Kabir Saxena'],
    });
  });

  it('refuses a video where a show banner must be an image', async () => {
    const before = await stored();
    const counted = await titles();
    const mp4 = Buffer.concat([
      Buffer.from([0, 0, 0, 0x20]),
      Buffer.from('ftypisom\0\0\x02\0isomiso2avc1mp41'),
      Buffer.alloc(2048),
    ]);
    const res = await send('post', '/api/series/upload-episode', [
      { name: 'title', value: 'Clinic Hours' },
      { name: 'banner', filename: 'b.mp4', contentType: 'video/mp4', data: mp4 },
    ]).expect(415);
    expect(res.body.message).toMatch(/^banner must be a JPEG, PNG, WebP or GIF image/);
    expect(await stored()).toEqual(before);
    expect(await titles()).toEqual(counted);
  });

  it('creates a series with two episodes, each with its banner', async () => {
    const res = await send('post', '/api/admin/series', [
      { name: 'title', value: 'Arogya Katha' },
      { name: 'cast', value: 'Dr. Anjali Rao, Dr. Vikram Sethi' },
      { name: 'language', value: 'Kannada' },
      { name: 'rating', value: 'U' },
      { name: 'genre', value: 'Drama' },
      { name: 'category', value: 'health' },
      { name: 'titleImage', filename: 't.png', contentType: 'image/png', data: lettering },
      ...[0, 1].flatMap((i): Part[] => [
        { name: `episodes[${i}][title]`, value: `Episode ${i + 1}` },
        { name: `episodes[${i}][videoUrl]`, value: `https://videos.example.com/arogya/${i + 1}.m3u8` },
        { name: `episodes[${i}][description]`, value: 'Village clinics, told by the people who run them.' },
        { name: `episodes[${i}][releaseDate]`, value: '2023-08-15' },
        { name: `episodes[${i}][duration]`, value: '22min' },
        { name: `episodes[${i}][banner]`, filename: 'b.webp', contentType: 'image/webp', data: poster },
      ]),
    ]).expect(201);
    const episodes = res.body.episodes as Array<{ title: string; bannerUrl: string }>;
    expect(episodes.map((e) => e.title)).toEqual(['Episode 1', 'Episode 2']);
    expect(new Set(episodes.map((e) => e.bannerUrl)).size).toBe(2);

    const missing = await send('post', '/api/admin/series', [
      { name: 'title', value: 'Arogya Katha' },
      { name: 'episodes[0][title]', value: 'Episode 1' },
    ]).expect(400);
    expect(missing.body.fields).toHaveProperty(['episodes[0][banner]']);
  });

  it('saves an existing demo series after an edit, as the admin form sends it (issue 19)', async () => {
    // Made as the demo seed makes its series: episodes with banners and no link, the first with a video.
    const demo = [
      ['Water for Marathwada', 'Farmers from Latur ask three candidates why the tankers still come.'],
      ['Jobs in Jamshedpur', 'Steel-town graduates question the promises of every manifesto.'],
      ['Roads of Kalahandi', 'A district that waited forty years for a highway asks who will maintain it.'],
    ];
    const created = await send('post', '/api/admin/series', [
      { name: 'title', value: 'Janata Darbar' },
      { name: 'description', value: 'Town-hall debates from eight states.' },
      { name: 'cast', value: 'Meera Iyer, Rahul Khandelwal' },
      { name: 'language', value: 'Hindi' },
      { name: 'rating', value: 'U' },
      { name: 'tags', value: 'debate, elections, town hall' },
      { name: 'genre', value: 'Drama' },
      { name: 'category', value: 'political' },
      { name: 'titleImage', filename: 't.png', contentType: 'image/png', data: lettering },
      ...demo.flatMap(([title, description], i): Part[] => [
        { name: `episodes[${i}][title]`, value: title },
        { name: `episodes[${i}][description]`, value: description },
        { name: `episodes[${i}][releaseDate]`, value: `2024-01-1${i}` },
        { name: `episodes[${i}][duration]`, value: '42min' },
        { name: `episodes[${i}][banner]`, filename: 'b.jpg', contentType: 'image/jpeg', data: banner },
      ]),
    ]).expect(201);
    const seriesId = created.body._id as string;
    type Saved = { _id: string; title: string; bannerUrl: string; videoUrl: string; video: unknown };
    const first = (created.body.episodes as Saved[])[0];
    await http
      .post('/api/admin/videos')
      .set('authorization', `Bearer ${admin}`)
      .send({ ownerKind: 'episode', ownerId: first._id })
      .expect(201);

    // The edit page loads the series, and the form sends back every field it shows.
    const loaded = await waitFor(async () => {
      const res = await http.get(`/api/admin/series/${seriesId}`).set('authorization', `Bearer ${admin}`);
      return (res.body.episodes as Saved[])[0].video ? (res.body as { episodes: Saved[] }) : undefined;
    }, 10_000);
    expect(loaded.episodes.map((e) => e.videoUrl)).toEqual(['', '', '']);
    const saved = await send('patch', `/api/admin/series/${seriesId}`, [
      { name: 'title', value: 'Janata Darbar: Season Two' },
      { name: 'description', value: 'Town-hall debates from eight states.' },
      { name: 'cast[]', value: 'Meera Iyer' },
      { name: 'cast[]', value: 'Rahul Khandelwal' },
      { name: 'language', value: 'Hindi' },
      { name: 'rating', value: 'U' },
      ...['debate', 'elections', 'town hall'].map((tag): Part => ({ name: 'tags[]', value: tag })),
      { name: 'genre', value: 'Drama' },
      { name: 'category', value: 'political' },
      ...loaded.episodes.flatMap((episode, i): Part[] => [
        { name: `episodes[${i}][id]`, value: episode._id },
        { name: `episodes[${i}][title]`, value: i === 2 ? 'Roads of Kalahandi, revisited' : episode.title },
        { name: `episodes[${i}][description]`, value: demo[i][1] },
        { name: `episodes[${i}][releaseDate]`, value: `2024-01-1${i}` },
        { name: `episodes[${i}][duration]`, value: '42min' },
        { name: `episodes[${i}][bannerUrl]`, value: episode.bannerUrl },
      ]),
    ]).expect(200);
    expect(saved.body.title).toBe('Janata Darbar: Season Two');
    const episodes = saved.body.episodes as Saved[];
    expect(episodes.map((e) => e._id)).toEqual(loaded.episodes.map((e) => e._id));
    expect(episodes.map((e) => e.title)).toEqual([
      'Water for Marathwada',
      'Jobs in Jamshedpur',
      'Roads of Kalahandi, revisited',
    ]);
    // The banners and the first episode's video are still theirs.
    expect(episodes.map((e) => e.bannerUrl)).toEqual(loaded.episodes.map((e) => e.bannerUrl));
    expect(episodes[0].video).toEqual(loaded.episodes[0].video);
    for (const episode of loaded.episodes) expect(await stored()).toContain(keyOf(episode.bannerUrl));

    // Search finds the series under its new name, in its group, and the renamed episode in its own.
    const found = await http.get('/api/search?q=janta%20darbar').expect(200);
    expect(Object.keys(found.body).sort()).toEqual(['episodes', 'movies', 'series']);
    expect((found.body.series as Array<{ _id: string; episodeCount: number }>)[0]).toMatchObject({
      _id: seriesId,
      title: 'Janata Darbar: Season Two',
      episodeCount: 3,
    });
    const revisited = await http.get('/api/search?q=revisted').expect(200);
    expect((revisited.body.episodes as Saved[]).map((e) => e.title)).toEqual([
      'Roads of Kalahandi, revisited',
    ]);
    expect(revisited.body.episodes[0]).not.toHaveProperty('videoUrl');
    expect((await http.get('/api/search?q=').expect(200)).body).toEqual({
      movies: [],
      series: [],
      episodes: [],
    });
  });
});
