import { randomInt, randomUUID } from 'node:crypto';
import { ErrorCode, Subjects, type ListedTitle } from '@chitram/contracts';
import { connectNats, RpcClient } from '@chitram/nest-kit';
import { isolatedEnv, testInfrastructure, testSigningKeys, waitFor } from '@chitram/test-helpers';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { NatsConnection } from 'nats';
import type request from 'supertest';
import { testEpisode, testFilm } from '../testing/catalogue-fixtures';
import { startServiceProcesses, type RunningProcesses } from '../testing/service-processes';
import { bearer, signInViewer, startTestGateway } from '../testing/test-gateway';

/**
 * My List over HTTP (issue 22): this gateway in-process, the built auth, users and catalog services as
 * processes on throw-away databases, real infrastructure. Titles are made and deleted in the catalog.
 */
describe('My List', () => {
  const isolation = isolatedEnv();
  const keys = testSigningKeys();
  let services: RunningProcesses;
  let app: NestFastifyApplication;
  let http: ReturnType<typeof request>;
  let nats: NatsConnection;
  let rpc: RpcClient;
  const block = String(randomInt(1_000_000, 10_000_000));
  let nextSuffix = 10;
  const signIn = () => signInViewer(http, `8${block}${nextSuffix++}`);

  const makeMovie = async (title: string) =>
    (await rpc.call(Subjects.catalog.movies.create, testFilm(`${title} ${block}`))).movie._id;
  const makeEpisode = async (title: string) =>
    (await rpc.call(Subjects.catalog.episodes.create, testEpisode(`${title} ${block}`))).episode._id;

  const listOf = async (token: string) =>
    (await http.get('/api/user/list').set(bearer(token)).expect(200)).body as ListedTitle[];
  const add = (token: string, titleId: string) => http.put(`/api/user/list/${titleId}`).set(bearer(token));
  const rowsOf = async (profileId: string) =>
    services.query<{ title_id: string }>(
      'users',
      `SELECT "title_id" FROM "my_list_entry" WHERE "profile_id" = $1`,
      [profileId],
    );

  beforeAll(async () => {
    services = await startServiceProcesses(['auth', 'users', 'catalog'], isolation.env, {
      auth: { JWT_PRIVATE_KEY: keys.privatePem, OTP_RESEND_SECONDS: '0' },
    });
    ({ app, http } = await startTestGateway(isolation.env, keys.publicPem));
    nats = await connectNats(testInfrastructure().NATS_URL, 'my-list-test');
    rpc = new RpcClient(nats, 5000);
  }, 180_000);

  afterAll(async () => {
    await nats?.close();
    await app?.close();
    await services?.stop();
    await isolation.cleanUp();
  });

  it('keeps every route to signed-in viewers', async () => {
    const id = randomUUID();
    expect((await http.get('/api/user/list')).status).toBe(401);
    expect((await http.put(`/api/user/list/${id}`)).status).toBe(401);
    expect((await http.delete(`/api/user/list/${id}`)).status).toBe(401);
  });

  it('adds films and episodes once each, newest first, with the titles as the catalogue shows them', async () => {
    const viewer = await signIn();
    const film = await makeMovie('Kaveri');
    const episode = await makeEpisode('Budget Talk');
    expect(await listOf(viewer.token)).toEqual([]);

    const first = await add(viewer.token, film).expect(200);
    expect(first.body).toMatchObject({ kind: 'movie', titleId: film, movie: { _id: film }, episode: null });
    await add(viewer.token, episode).expect(200);
    // Adding again is one entry, and keeps its place.
    const again = await add(viewer.token, film).expect(200);
    expect(again.body.addedAt).toBe(first.body.addedAt);

    const list = await listOf(viewer.token);
    expect(list.map((entry) => [entry.kind, entry.titleId])).toEqual([
      ['episode', episode],
      ['movie', film],
    ]);
    expect(list[0].episode).toMatchObject({ _id: episode, title: `Budget Talk ${block}` });
    // The public list never carries an episode's own stream link.
    expect(list[0].episode).not.toHaveProperty('videoUrl');
    expect(list[1].movie).toMatchObject({ _id: film, title: `Kaveri ${block}` });
    expect(await rowsOf(viewer._id)).toHaveLength(2);

    const removed = await http.delete(`/api/user/list/${film}`).set(bearer(viewer.token)).expect(200);
    expect(removed.body).toEqual({ removed: true });
    const twice = await http.delete(`/api/user/list/${film}`).set(bearer(viewer.token)).expect(200);
    expect(twice.body).toEqual({ removed: false });
    expect((await listOf(viewer.token)).map((entry) => entry.titleId)).toEqual([episode]);
  });

  it('answers 404 TITLE_NOT_FOUND for a title not in the catalogue and 400 naming a bad id', async () => {
    const viewer = await signIn();
    const unknown = await add(viewer.token, randomUUID()).expect(404);
    expect(unknown.body.code).toBe(ErrorCode.TITLE_NOT_FOUND);
    for (const bad of ['not-a-uuid', '1234']) {
      const put = await add(viewer.token, bad).expect(400);
      expect(put.body.code).toBe(ErrorCode.VALIDATION_FAILED);
      expect(JSON.stringify(put.body)).toContain('titleId');
      const del = await http.delete(`/api/user/list/${bad}`).set(bearer(viewer.token)).expect(400);
      expect(JSON.stringify(del.body)).toContain('titleId');
    }
    expect(await listOf(viewer.token)).toEqual([]);
  });

  it("never shows or changes another viewer's list", async () => {
    const [one, other] = [await signIn(), await signIn()];
    const film = await makeMovie('Ganga');
    await add(one.token, film).expect(200);
    expect(await listOf(other.token)).toEqual([]);
    // The other viewer removing the same title removes it from their own (empty) list only.
    await http.delete(`/api/user/list/${film}`).set(bearer(other.token)).expect(200, { removed: false });
    expect((await listOf(one.token)).map((entry) => entry.titleId)).toEqual([film]);
  });

  it('drops a title deleted from the catalogue from every list, a series taking its episodes', async () => {
    const [one, other] = [await signIn(), await signIn()];
    const film = await makeMovie('Narmada');
    const kept = await makeMovie('Godavari');
    const { series } = await rpc.call(Subjects.catalog.series.create, {
      title: `Yoga Every Morning ${block}`,
      cast: ['Someone'],
      language: 'Hindi',
      rating: 'U',
      tags: ['yoga'],
      titlePngUrl: `images/${randomUUID()}.webp`,
      genre: ['Kids'],
      category: 'health',
      episodes: [
        {
          title: 'Breathing Right',
          videoUrl: 'https://cdn.example.com/shows/yoga.m3u8',
          description: 'Yoga for beginners.',
          releaseDate: '2024-03-01',
          duration: '18min',
          bannerUrl: `images/${randomUUID()}.webp`,
        },
      ],
    });
    const episode = series.episodes[0]._id;
    for (const viewer of [one, other]) {
      for (const title of [kept, film, episode]) await add(viewer.token, title).expect(200);
    }
    await rpc.call(Subjects.catalog.movies.delete, { id: film });
    await rpc.call(Subjects.catalog.series.delete, { id: series._id });
    for (const viewer of [one, other]) {
      await waitFor(async () => (await rowsOf(viewer._id)).length === 1, 15_000);
      expect((await listOf(viewer.token)).map((entry) => entry.titleId)).toEqual([kept]);
    }
  });

  it("deletes the viewer's list with their account", async () => {
    const viewer = await signIn();
    const stays = await signIn();
    const film = await makeMovie('Yamuna');
    await add(viewer.token, film).expect(200);
    await add(stays.token, film).expect(200);
    await http.delete('/api/user/me').set(bearer(viewer.token)).expect(200);
    await waitFor(async () => (await rowsOf(viewer._id)).length === 0, 15_000);
    expect(await rowsOf(stays._id)).toHaveLength(1);
  });
});
