import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  ErrorCode,
  Subjects,
  type MovieSaved,
  type TitleTrailer,
  type TrailerAnswer,
  type VideoStatus,
} from '@chitram/contracts';
import { connectNats, RpcClient } from '@chitram/nest-kit';
import {
  isolatedEnv,
  testInfrastructure,
  testObjectStorage,
  testSigningKeys,
  waitFor,
  type TestObjectStorage,
} from '@chitram/test-helpers';
import type { NatsConnection } from 'nats';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { signedAs } from '../testing/access-tokens';
import { testFilm } from '../testing/catalogue-fixtures';
import { listeningTestGateway } from '../testing/test-gateway';
import { startServiceProcesses, type RunningProcesses } from '../testing/service-processes';
import { freePort, testVideo } from '../testing/media-fixtures';
import { viewerClient } from '../testing/viewer-client';

// Trailers (issue 23, D45) through the gateway, with the real services behind it: an admin attaches a
// trailer to a paid film and uploads it over tus; it is transcoded for real (a 2-second 1080p clip), and
// plays for anyone at up to 720p, taking no screen; only admins attach or remove one.

jest.setTimeout(240_000);

describe('trailers through the gateway', () => {
  const isolation = isolatedEnv();
  const keys = testSigningKeys();
  let s3: TestObjectStorage;
  let services: RunningProcesses;
  let nats: NatsConnection;
  let rpc: RpcClient;
  let app: NestFastifyApplication;
  let address: string;
  let work: string;
  let admin: string;
  let movie: MovieSaved['movie'];

  const viewer = viewerClient(() => address);
  const { call, signIn } = viewer;
  const json = <T>(text: string) => JSON.parse(text) as T;
  const uris = (playlist: string) => playlist.split('\n').filter((line) => line && !line.startsWith('#'));
  const heights = (master: string) =>
    [...master.matchAll(/RESOLUTION=\d+x(\d+)/g)].map((match) => Number(match[1]));

  async function buy(token: string, planKey: string): Promise<void> {
    const paid = await viewer.payInSandbox(token, planKey);
    expect((await call('POST', '/api/checkout/verify-payment', { token, body: paid })).status).toBe(200);
  }

  const createMovie = async () =>
    (
      await rpc.call(
        Subjects.catalog.movies.create,
        testFilm(`Kaveri Monsoon ${randomBytes(3).toString('hex')}`),
      )
    ).movie;

  /** A signed-in viewer's trailer of the film (none: a visitor). */
  const trailerOf = async (token?: string) => {
    const answer = await call('GET', `/api/movie/${movie.slug}/trailer`, { token });
    expect(answer.status).toBe(200);
    return json<TrailerAnswer>(answer.text).trailer;
  };

  /** Plays the trailer's master, its highest rendition and first segment: the master's heights. */
  async function playTrailer(url: string, token?: string): Promise<number[]> {
    const master = await call('GET', url, { token });
    expect(master.status).toBe(200);
    const rendition = await call('GET', uris(master.text).at(-1)!, { token });
    expect(rendition.status).toBe(200);
    const segment = await call('GET', uris(rendition.text)[0], { token });
    expect(segment.status).toBe(200);
    return heights(master.text);
  }

  beforeAll(async () => {
    s3 = await testObjectStorage();
    work = await mkdtemp(path.join(tmpdir(), 'chitram-trailers-'));
    const mediaPort = await freePort();
    services = await startServiceProcesses(['auth', 'users', 'billing', 'catalog', 'media'], isolation.env, {
      auth: { JWT_PRIVATE_KEY: keys.privatePem, OTP_RESEND_SECONDS: '0' },
      media: { ...s3.env, MEDIA_HTTP_PORT: String(mediaPort), VIDEO_UPLOAD_DIR: path.join(work, 'uploads') },
    });
    nats = await connectNats(testInfrastructure().NATS_URL, 'trailers-test');
    rpc = new RpcClient(nats, 10_000);
    ({ app, address } = await listeningTestGateway({
      ...testInfrastructure(),
      RPC_TIMEOUT_MS: '10000',
      MEDIA_URL: `http://127.0.0.1:${mediaPort}`,
      JWT_PUBLIC_KEY: keys.publicPem,
      REDIS_KEY_PREFIX: isolation.env.REDIS_KEY_PREFIX,
      EVENTS_SUBJECT_ROOT: isolation.env.EVENTS_SUBJECT_ROOT,
    }));
    admin = await signedAs(keys.privatePem, 'admin');

    // A paid film with a 1080p trailer an admin attaches and uploads over tus.
    movie = await createMovie();
    const attached = await call('POST', `/api/admin/trailers/movie/${movie._id}`, { token: admin });
    expect(attached.status).toBe(201);
    const video = json<VideoStatus>(attached.text);
    expect(video).toMatchObject({ ownerKind: 'movie-trailer', ownerId: movie._id, state: 'uploading' });
    const clip = await testVideo(path.join(work, 'trailer.mp4'), 2, 1080);
    const tus = { 'tus-resumable': '1.0.0' };
    const created = await call('POST', `/api/admin/videos/${video.videoId}/upload`, {
      token: admin,
      headers: { ...tus, 'upload-length': String(clip.length) },
    });
    expect(created.status).toBe(201);
    const sent = await call('PATCH', created.headers.get('location')!, {
      token: admin,
      body: clip,
      headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    });
    expect(sent.status).toBe(204);
    await waitFor(
      async () => {
        const shown = await call('GET', `/api/admin/trailers/movie/${movie._id}`, { token: admin });
        return json<TitleTrailer>(shown.text).video?.state === 'ready';
      },
      180_000,
      500,
    );
  });

  afterAll(async () => {
    await app?.close();
    await nats?.close();
    await services?.stop();
    await s3?.destroy();
    await isolation.cleanUp();
    await rm(work, { recursive: true, force: true });
  });

  it('plays for a visitor, signed in or not, at up to 720p, though the film itself needs a plan', async () => {
    const shown = json<TitleTrailer>(
      (await call('GET', `/api/admin/trailers/movie/${movie._id}`, { token: admin })).text,
    );
    expect(shown.video).toMatchObject({ state: 'ready', renditions: [360, 480, 720, 1080] });
    expect(shown.playingVideoId).toBe(shown.video!.videoId);

    const anonymous = await trailerOf();
    expect(anonymous).toEqual({
      movieUrl: expect.stringMatching(/^\/api\/stream\/.+\/master\.m3u8$/),
      kind: 'hls',
      renditions: [360, 480, 720],
      maxResolution: 720,
    });
    expect(await playTrailer(anonymous!.movieUrl)).toEqual([360, 480, 720]);
    // The film itself needs a plan.
    const film = await call('GET', `/api/movie/${movie._id}/stream`);
    expect([film.status, json<{ code: string }>(film.text).code]).toEqual([
      403,
      ErrorCode.UNAUTHORIZED_ACCESS,
    ]);

    const basic = await signIn();
    await buy(basic.token, 'basic');
    const basics = await trailerOf(basic.token);
    expect(basics?.renditions).toEqual([360, 480, 720]);
    expect(await playTrailer(basics!.movieUrl, basic.token)).toEqual([360, 480, 720]);
  });

  it("never lists a rendition above 720p, even for a Gold viewer, and takes none of the viewer's screens", async () => {
    const gold = await signIn();
    await buy(gold.token, 'gold');
    const trailer = await trailerOf(gold.token);
    expect(trailer?.maxResolution).toBe(720);
    const listed = await playTrailer(trailer!.movieUrl, gold.token);
    expect(listed).toEqual([360, 480, 720]);
    expect(Math.max(...listed)).toBeLessThanOrEqual(720);
    // The 1080p rendition exists, but the trailer's token does not open it.
    const rendition1080 = trailer!.movieUrl.replace('master.m3u8', '1080/index.m3u8');
    expect((await call('GET', rendition1080, { token: gold.token })).status).toBe(403);
    // No screen is held: the viewer's screens are none, and no pass cookie was handed out.
    expect(await rpc.call(Subjects.media.reports.screensOf, { viewerId: gold._id })).toEqual([]);
    const granted = await call('GET', `/api/movie/${movie.slug}/trailer`, { token: gold.token });
    expect(granted.headers.getSetCookie()).toEqual([]);
  });

  it('answers null for a film without a trailer, and 4xx with stable codes for bad input', async () => {
    const bare = await createMovie();
    expect(json<TrailerAnswer>((await call('GET', `/api/movie/${bare._id}/trailer`)).text)).toEqual({
      trailer: null,
    });
    expect(
      json<TitleTrailer>((await call('GET', `/api/admin/trailers/movie/${bare._id}`, { token: admin })).text),
    ).toEqual({
      video: null,
      playingVideoId: null,
    });
    const refusals: Array<[string, string, string | undefined, number, string]> = [
      ['GET', '/api/movie/no-such-film-here/trailer', undefined, 404, ErrorCode.NOT_FOUND],
      ['GET', '/api/series/not-a-uuid/trailer', undefined, 400, ErrorCode.VALIDATION_FAILED],
      ['POST', `/api/admin/trailers/episode/${bare._id}`, admin, 400, ErrorCode.VALIDATION_FAILED],
      ['POST', '/api/admin/trailers/movie/not-a-uuid', admin, 400, ErrorCode.VALIDATION_FAILED],
      ['POST', `/api/admin/trailers/movie/${randomUUID()}`, admin, 404, ErrorCode.NOT_FOUND],
      ['DELETE', `/api/admin/trailers/series/${randomUUID()}`, admin, 404, ErrorCode.NOT_FOUND],
    ];
    for (const [method, route, token, status, code] of refusals) {
      const answer = await call(method, route, { token });
      expect([method, route, answer.status, json<{ code: string }>(answer.text).code]).toEqual([
        method,
        route,
        status,
        code,
      ]);
    }
    // A series without a trailer answers null, as a film does.
    expect(json<TrailerAnswer>((await call('GET', `/api/series/${randomUUID()}/trailer`)).text)).toEqual({
      trailer: null,
    });
  });

  it('refuses a viewer or a visitor attaching, reading or removing a trailer', async () => {
    const someone = await signIn();
    for (const method of ['GET', 'POST', 'DELETE']) {
      const asViewer = await call(method, `/api/admin/trailers/movie/${movie._id}`, { token: someone.token });
      expect([method, asViewer.status]).toEqual([method, 403]);
      const asVisitor = await call(method, `/api/admin/trailers/movie/${movie._id}`);
      expect([method, asVisitor.status]).toEqual([method, 401]);
    }
    // Nor through the videos route with a trailer's owner kind.
    const viaVideos = await call('POST', '/api/admin/videos', {
      token: someone.token,
      body: { ownerKind: 'movie-trailer', ownerId: movie._id },
    });
    expect(viaVideos.status).toBe(403);
    // The trailer is still there.
    expect(await trailerOf()).not.toBeNull();
  });

  it('is removed by an admin: the title has none, and its old address stops playing', async () => {
    const before = (await trailerOf())!;
    const removed = await call('DELETE', `/api/admin/trailers/movie/${movie._id}`, { token: admin });
    expect(removed.status).toBe(200);
    expect(json(removed.text)).toEqual({ removed: 1 });
    expect(await trailerOf()).toBeNull();
    await waitFor(async () => (await call('GET', before.movieUrl)).status === 403, 60_000, 500);
    const again = await call('DELETE', `/api/admin/trailers/movie/${movie._id}`, { token: admin });
    expect(json(again.text)).toEqual({ removed: 0 });
  });
});
