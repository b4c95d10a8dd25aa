import { randomInt, randomUUID } from 'node:crypto';
import { ErrorCode, HISTORY_PAGE_SIZE, Subjects, type HistoryPage } from '@chitram/contracts';
import { connectNats, RpcClient } from '@chitram/nest-kit';
import { isolatedEnv, testInfrastructure, testSigningKeys } from '@chitram/test-helpers';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { NatsConnection } from 'nats';
import type request from 'supertest';
import { testEpisode, testFilm } from '../testing/catalogue-fixtures';
import { startServiceProcesses, type RunningProcesses } from '../testing/service-processes';
import { bearer, signInViewer, startTestGateway } from '../testing/test-gateway';

/**
 * Watch history over HTTP (issue 22): this gateway in-process, the built auth, users and catalog
 * services as processes on throw-away databases. The player's reports are sent to the catalog as the
 * gateway's heartbeat sends them (Subjects.catalog.watch.save), for the viewer's own id.
 */
describe('watch history', () => {
  const isolation = isolatedEnv();
  const keys = testSigningKeys();
  let services: RunningProcesses;
  let app: NestFastifyApplication;
  let http: ReturnType<typeof request>;
  let nats: NatsConnection;
  let rpc: RpcClient;
  const block = String(randomInt(1_000_000, 10_000_000));
  let nextSuffix = 10;
  const signIn = () => signInViewer(http, `7${block}${nextSuffix++}`);

  const makeMovie = async (title: string) =>
    (await rpc.call(Subjects.catalog.movies.create, testFilm(`${title} ${block}`))).movie._id;
  const makeEpisode = async (title: string) =>
    (await rpc.call(Subjects.catalog.episodes.create, testEpisode(`${title} ${block}`))).episode._id;
  const watch = (profileId: string, kind: 'movie' | 'episode', titleId: string, positionSeconds: number) =>
    rpc.call(Subjects.catalog.watch.save, {
      viewerId: profileId,
      kind,
      titleId,
      positionSeconds,
      durationSeconds: 3000,
      deviceClass: 'website',
    });
  const historyOf = async (token: string, page?: number) =>
    (
      await http
        .get('/api/user/history')
        .query(page ? { page } : {})
        .set(bearer(token))
        .expect(200)
    ).body as HistoryPage;
  const titlesOf = async (token: string) => (await historyOf(token)).entries.map((entry) => entry.titleId);

  beforeAll(async () => {
    services = await startServiceProcesses(['auth', 'users', 'catalog'], isolation.env, {
      auth: { JWT_PRIVATE_KEY: keys.privatePem, OTP_RESEND_SECONDS: '0' },
    });
    ({ app, http } = await startTestGateway(isolation.env, keys.publicPem));
    nats = await connectNats(testInfrastructure().NATS_URL, 'watch-history-test');
    rpc = new RpcClient(nats, 5000);
  }, 180_000);

  afterAll(async () => {
    await nats?.close();
    await app?.close();
    await services?.stop();
    await isolation.cleanUp();
  });

  it('keeps every route to signed-in viewers', async () => {
    expect((await http.get('/api/user/history')).status).toBe(401);
    expect((await http.delete(`/api/user/history/${randomUUID()}`)).status).toBe(401);
    expect((await http.delete('/api/user/history')).status).toBe(401);
  });

  it('lists what the viewer watched newest first, with progress, date and the title to resume', async () => {
    const viewer = await signIn();
    const film = await makeMovie('Kaveri');
    const episode = await makeEpisode('Budget Talk');
    const opened = await makeMovie('Opened Only');
    expect(await historyOf(viewer.token)).toEqual({ entries: [], page: 1, totalPages: 0, total: 0 });

    await watch(viewer._id, 'movie', film, 1200);
    await watch(viewer._id, 'episode', episode, 2995);
    // A title opened and closed at 0:00 was not watched.
    await watch(viewer._id, 'movie', opened, 0);

    const history = await historyOf(viewer.token);
    expect(history).toMatchObject({ page: 1, totalPages: 1, total: 2 });
    expect(history.entries.map((e) => [e.kind, e.titleId, e.positionSeconds, e.finished])).toEqual([
      ['episode', episode, 2995, true],
      ['movie', film, 1200, false],
    ]);
    expect(history.entries[1]).toMatchObject({
      durationSeconds: 3000,
      movie: { _id: film, title: `Kaveri ${block}` },
      episode: null,
    });
    expect(Date.parse(history.entries[1].watchedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(history.entries[0].episode).toMatchObject({ _id: episode });
    expect(history.entries[0].episode).not.toHaveProperty('videoUrl');

    // Watching the film again brings it to the top.
    await watch(viewer._id, 'movie', film, 1300);
    expect(await titlesOf(viewer.token)).toEqual([film, episode]);
  });

  it('pages the history and says how many pages there are', async () => {
    const viewer = await signIn();
    const films: string[] = [];
    for (let i = 0; i < HISTORY_PAGE_SIZE + 2; i++) {
      const film = await makeMovie(`Paged ${i}`);
      films.push(film);
      await watch(viewer._id, 'movie', film, 60 + i);
    }
    const first = await historyOf(viewer.token);
    const second = await historyOf(viewer.token, 2);
    expect(first).toMatchObject({ page: 1, totalPages: 2, total: HISTORY_PAGE_SIZE + 2 });
    expect(second.entries.map((e) => e.titleId)).toEqual([films[1], films[0]]);
    expect([...first.entries, ...second.entries].map((e) => e.titleId)).toEqual([...films].reverse());
    expect(await historyOf(viewer.token, 9)).toMatchObject({ entries: [], page: 9, totalPages: 2 });
  });

  it('removes one title and clears the rest; Continue watching forgets them too', async () => {
    const viewer = await signIn();
    const [one, two, three] = [await makeMovie('One'), await makeMovie('Two'), await makeMovie('Three')];
    for (const film of [one, two, three]) await watch(viewer._id, 'movie', film, 300);

    const removed = await http.delete(`/api/user/history/${two}`).set(bearer(viewer.token)).expect(200);
    expect(removed.body).toEqual({ removed: 1 });
    expect(await titlesOf(viewer.token)).toEqual([three, one]);
    const rail = await http.get('/api/playback/continue').set(bearer(viewer.token)).expect(200);
    expect(rail.body.map((item: { titleId: string }) => item.titleId)).toEqual([three, one]);
    // Removing it again: it is not there.
    const again = await http.delete(`/api/user/history/${two}`).set(bearer(viewer.token)).expect(404);
    expect(again.body.code).toBe(ErrorCode.NOT_FOUND);

    expect((await http.delete('/api/user/history').set(bearer(viewer.token)).expect(200)).body).toEqual({
      removed: 2,
    });
    expect(await titlesOf(viewer.token)).toEqual([]);
    expect((await http.delete('/api/user/history').set(bearer(viewer.token)).expect(200)).body).toEqual({
      removed: 0,
    });
  });

  it("keeps one viewer's history invisible to another, who can neither see nor remove it", async () => {
    const [asha, ravi] = [await signIn(), await signIn()];
    const film = await makeMovie('Private');
    await watch(asha._id, 'movie', film, 900);

    expect(await titlesOf(ravi.token)).toEqual([]);
    const refused = await http.delete(`/api/user/history/${film}`).set(bearer(ravi.token)).expect(404);
    expect(refused.body.code).toBe(ErrorCode.NOT_FOUND);
    await http.delete('/api/user/history').set(bearer(ravi.token)).expect(200);
    expect(await titlesOf(asha.token)).toEqual([film]);
  });

  it('refuses bad input with 400 naming the field', async () => {
    const viewer = await signIn();
    const badTitle = await http.delete('/api/user/history/not-a-uuid').set(bearer(viewer.token)).expect(400);
    expect(badTitle.body).toMatchObject({ code: ErrorCode.VALIDATION_FAILED });
    expect(JSON.stringify(badTitle.body)).toContain('titleId');
    for (const page of ['0', 'two', '-1', '1.5']) {
      const badPage = await http
        .get('/api/user/history')
        .query({ page })
        .set(bearer(viewer.token))
        .expect(400);
      expect(badPage.body).toMatchObject({ code: ErrorCode.VALIDATION_FAILED });
      expect(JSON.stringify(badPage.body)).toContain('page');
    }
  });

  it('leaves out a title deleted from the catalogue', async () => {
    const viewer = await signIn();
    const [kept, deleted] = [await makeMovie('Kept'), await makeMovie('Deleted')];
    await watch(viewer._id, 'movie', kept, 100);
    await watch(viewer._id, 'movie', deleted, 100);
    await rpc.call(Subjects.catalog.movies.delete, { id: deleted });
    expect(await historyOf(viewer.token)).toMatchObject({ total: 1, entries: [{ titleId: kept }] });
  });
});
