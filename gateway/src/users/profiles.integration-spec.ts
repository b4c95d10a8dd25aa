import { randomInt, randomUUID } from 'node:crypto';
import {
  ErrorCode,
  Subjects,
  type ContinueWatching,
  type Episode,
  type HomeContent,
  type ListedTitle,
  type Movie,
  type Profile,
  type TitleSearchResults,
} from '@chitram/contracts';
import { connectNats, RpcClient } from '@chitram/nest-kit';
import { isolatedEnv, testInfrastructure, testSigningKeys, waitFor } from '@chitram/test-helpers';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { NatsConnection } from 'nats';
import type request from 'supertest';
import { testEpisode, testFilm } from '../testing/catalogue-fixtures';
import { startServiceProcesses, type RunningProcesses } from '../testing/service-processes';
import { bearer, signInViewer, startTestGateway, type SignedInViewer } from '../testing/test-gateway';

/**
 * Profiles over HTTP (issue 22, D37): the routes, choosing a profile (a new token pair carrying it),
 * per-profile lists and positions, a kids profile held to its level on every catalogue path and the
 * stream grant, and existing viewers through the migration. This gateway in-process; auth, users and
 * catalog as processes.
 */
describe('Profiles', () => {
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
  const claimsOf = (token: string) =>
    JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { prf?: string };

  const profilesOf = async (token: string) =>
    (await http.get('/api/user/profiles').set(bearer(token)).expect(200)).body as Profile[];
  const create = (token: string, body: Record<string, unknown>) =>
    http.post('/api/user/profiles').set(bearer(token)).send(body);
  const select = async (token: string, profileId: string) =>
    (await http.post(`/api/user/profiles/${profileId}/select`).set(bearer(token)).expect(200)).body as {
      token: string;
      refreshToken: string;
    };
  /** A viewer with a kids profile chosen: the account's tokens and the kids profile's. */
  const withKid = async (maturity = 'kids') => {
    const viewer = await signIn();
    const kid = (await create(viewer.token, { name: 'Chinnu', avatar: 'elephant', maturity }).expect(201))
      .body as Profile;
    const kidSession = await select(viewer.token, kid._id);
    return { viewer, kid, kidToken: kidSession.token };
  };
  const makeMovie = async (title: string, rating: 'U' | 'U/A' | 'A', isFree = false) =>
    (await rpc.call(Subjects.catalog.movies.create, { ...testFilm(`${title} ${block}`), rating, isFree }))
      .movie;

  beforeAll(async () => {
    services = await startServiceProcesses(['auth', 'users', 'catalog'], isolation.env, {
      auth: { JWT_PRIVATE_KEY: keys.privatePem, OTP_RESEND_SECONDS: '0' },
    });
    ({ app, http } = await startTestGateway(isolation.env, keys.publicPem));
    nats = await connectNats(testInfrastructure().NATS_URL, 'profiles-test');
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
    expect((await http.get('/api/user/profiles')).status).toBe(401);
    expect((await http.post('/api/user/profiles').send({})).status).toBe(401);
    expect((await http.patch(`/api/user/profiles/${id}`).send({})).status).toBe(401);
    expect((await http.delete(`/api/user/profiles/${id}`)).status).toBe(401);
    expect((await http.post(`/api/user/profiles/${id}/select`)).status).toBe(401);
  });

  it('lists the first profile (the viewer’s id), creates, changes and deletes others, naming bad fields', async () => {
    const viewer = await signIn();
    expect(await profilesOf(viewer.token)).toEqual([
      expect.objectContaining({ _id: viewer._id, name: 'Me', maturity: 'adult', isFirst: true }),
    ]);
    const asha = (
      await create(viewer.token, { name: 'Asha', avatar: 'peacock', maturity: 'adult' }).expect(201)
    ).body as Profile;
    expect(asha).toMatchObject({ name: 'Asha', avatar: 'peacock', isFirst: false, interfaceLanguage: null });
    for (const [body, field] of [
      [{ name: '', avatar: 'tiger', maturity: 'kids' }, 'name'],
      [{ name: 'Asha', avatar: 'tiger', maturity: 'kids' }, 'name'],
      [{ name: 'Ok', avatar: 'http://x/y.png', maturity: 'kids' }, 'avatar'],
      [{ name: 'Ok', avatar: 'tiger', maturity: 'teen' }, 'maturity'],
      [{ name: 'Ok', avatar: 'tiger', maturity: 'kids', interfaceLanguage: 'fr' }, 'interfaceLanguage'],
    ] as const) {
      const refused = await create(viewer.token, body).expect(400);
      expect(refused.body.code).toBe(ErrorCode.VALIDATION_FAILED);
      expect(refused.body.fields).toHaveProperty(field);
    }
    const changed = await http
      .patch(`/api/user/profiles/${asha._id}`)
      .set(bearer(viewer.token))
      .send({ interfaceLanguage: 'hi' })
      .expect(200);
    expect(changed.body).toMatchObject({ name: 'Asha', interfaceLanguage: 'hi' });
    const badId = await http.patch('/api/user/profiles/me').set(bearer(viewer.token)).send({}).expect(400);
    expect(JSON.stringify(badId.body.fields)).toContain('id');
    const first = await http.delete(`/api/user/profiles/${viewer._id}`).set(bearer(viewer.token)).expect(409);
    expect(first.body.code).toBe(ErrorCode.FIRST_PROFILE_KEPT);
    await http
      .delete(`/api/user/profiles/${asha._id}`)
      .set(bearer(viewer.token))
      .expect(200, { deleted: true });
    expect((await profilesOf(viewer.token)).map((profile) => profile._id)).toEqual([viewer._id]);
  });

  it('stops at five profiles', async () => {
    const viewer = await signIn();
    for (const name of ['A', 'B', 'C', 'D'])
      await create(viewer.token, { name, avatar: 'kite', maturity: 'adult' }).expect(201);
    const sixth = await create(viewer.token, { name: 'E', avatar: 'kite', maturity: 'adult' }).expect(409);
    expect(sixth.body.code).toBe(ErrorCode.PROFILE_LIMIT_REACHED);
  });

  it('answers 404 for another account’s profile, on every route', async () => {
    const [one, other] = [await signIn(), await signIn()];
    const theirs = (
      await create(other.token, { name: 'Theirs', avatar: 'moon', maturity: 'adult' }).expect(201)
    ).body as Profile;
    for (const call of [
      http.patch(`/api/user/profiles/${theirs._id}`).set(bearer(one.token)).send({ name: 'Mine' }),
      http.delete(`/api/user/profiles/${theirs._id}`).set(bearer(one.token)),
      http.post(`/api/user/profiles/${theirs._id}/select`).set(bearer(one.token)),
    ])
      expect((await call).status).toBe(404);
    expect((await profilesOf(other.token)).map((profile) => profile.name)).toEqual(['Me', 'Theirs']);
  });

  it('selects a profile: the new pair carries it, a renewal keeps it, its list and language are its own', async () => {
    const viewer: SignedInViewer = await signIn();
    const film = (await makeMovie('Kaveri', 'U'))._id;
    await http.put(`/api/user/list/${film}`).set(bearer(viewer.token)).expect(200);
    const ravi = (
      await create(viewer.token, {
        name: 'Ravi',
        avatar: 'star',
        maturity: 'adult',
        interfaceLanguage: 'ta',
      }).expect(201)
    ).body as Profile;
    const chosen = await select(viewer.token, ravi._id);
    expect(claimsOf(chosen.token).prf).toBe(ravi._id);
    const renewed = await http
      .post('/api/auth/refresh')
      .send({ refreshToken: chosen.refreshToken })
      .expect(200);
    expect(claimsOf(renewed.body.token as string).prf).toBe(ravi._id);
    // The pair from before the choice renews no more.
    expect((await http.post('/api/auth/refresh').send({ refreshToken: viewer.refreshToken })).status).toBe(
      401,
    );

    const me = await http.get('/api/user/me').set(bearer(renewed.body.token)).expect(200);
    expect(me.body).toMatchObject({ _id: viewer._id, interfaceLanguage: 'ta', profile: { _id: ravi._id } });
    const listOf = async (token: string) =>
      ((await http.get('/api/user/list').set(bearer(token)).expect(200)).body as ListedTitle[]).map(
        (e) => e.titleId,
      );
    expect(await listOf(renewed.body.token)).toEqual([]);
    expect(await listOf(viewer.token)).toEqual([film]);

    // Back to the first profile: tokens without the claim, the list as it was.
    const back = await select(renewed.body.token, viewer._id);
    expect(claimsOf(back.token).prf).toBeUndefined();
    expect(await listOf(back.token)).toEqual([film]);
  });

  it('deletes a profile’s positions with it (the catalog hears the deletion)', async () => {
    const viewer = await signIn();
    const film = (await makeMovie('Tapti', 'U'))._id;
    const other = (
      await create(viewer.token, { name: 'Other', avatar: 'mango', maturity: 'adult' }).expect(201)
    ).body as Profile;
    await rpc.call(Subjects.catalog.watch.save, {
      viewerId: viewer._id,
      profileId: other._id,
      kind: 'movie',
      titleId: film,
      positionSeconds: 300,
      durationSeconds: 6000,
      deviceClass: 'website',
    });
    const positions = () =>
      services.query<{ viewer_id: string }>(
        'catalog',
        `SELECT "viewer_id" FROM "watch_progress" WHERE "viewer_id" = $1`,
        [other._id],
      );
    expect(await positions()).toHaveLength(1);
    await http.delete(`/api/user/profiles/${other._id}`).set(bearer(viewer.token)).expect(200);
    await waitFor(async () => (await positions()).length === 0, 15_000);
  });

  it('keeps a kids profile to U titles on home, view-all, language, search and title pages, and refuses it an A title’s stream', async () => {
    const language = 'Bhojpuri';
    const mk = async (name: string, rating: 'U' | 'U/A' | 'A', isFree = false) => {
      const film = { ...testFilm(`${name} ${block}`, language), rating, isFree, genre: ['Comedy' as const] };
      return (await rpc.call(Subjects.catalog.movies.create, film)).movie;
    };
    const u = await mk('Chanda Mama', 'U', true);
    const ua = await mk('Bhoot Bangla', 'U/A');
    const a = await mk('Khooni Raat', 'A', true);
    const { viewer, kidToken } = await withKid();
    const ours = new Set([u.title, ua.title, a.title]);
    const titlesOf = (movies: Movie[]) => movies.map((movie) => movie.title).filter((t) => ours.has(t));

    // The account's own profile sees all three, first from the catalog and then from the cache.
    for (let time = 0; time < 2; time++) {
      const home = (
        await http.get(`/api/home/content?language=${language}`).set(bearer(viewer.token)).expect(200)
      ).body as HomeContent;
      expect(titlesOf(home.genreMovies.Comedy ?? [])).toHaveLength(3);
    }
    const home = await http.get(`/api/home/content?language=${language}`).set(bearer(kidToken)).expect(200);
    expect(home.headers['cache-control']).toContain('private');
    expect(titlesOf((home.body as HomeContent).genreMovies.Comedy ?? [])).toEqual([u.title]);
    const viewAll = await http
      .get(`/api/home/viewall/Comedy?language=${language}`)
      .set(bearer(kidToken))
      .expect(200);
    expect(titlesOf(viewAll.body as Movie[])).toEqual([u.title]);
    const byLanguage = await http.get(`/api/home/languages/${language}`).set(bearer(kidToken)).expect(200);
    expect(titlesOf(byLanguage.body as Movie[])).toEqual([u.title]);
    const search = await http.get(`/api/search?q=${block}`).set(bearer(kidToken)).expect(200);
    expect(titlesOf((search.body as TitleSearchResults).movies)).toEqual([u.title]);
    const oldSearch = await http.get(`/api/home/search?q=${block}`).set(bearer(kidToken)).expect(200);
    expect(titlesOf(oldSearch.body as Movie[])).toEqual([u.title]);

    await http.get(`/api/movie/${u.slug}`).set(bearer(kidToken)).expect(200);
    for (const title of [a, ua]) {
      const page = await http.get(`/api/movie/${title.slug}`).set(bearer(kidToken)).expect(403);
      expect(page.body.code).toBe(ErrorCode.PROFILE_MATURITY_BLOCKED);
    }
    const stream = await http.get(`/api/movie/${a._id}/stream`).set(bearer(kidToken)).expect(403);
    expect(stream.body.code).toBe(ErrorCode.PROFILE_MATURITY_BLOCKED);
    // The U title is not refused for its rating; the account's own profile may have the A one.
    expect((await http.get(`/api/movie/${u._id}/stream`).set(bearer(kidToken))).body.code).not.toBe(
      ErrorCode.PROFILE_MATURITY_BLOCKED,
    );
    await http.get(`/api/movie/${a.slug}`).set(bearer(viewer.token)).expect(200);
    expect((await http.get(`/api/movie/${a._id}/stream`).set(bearer(viewer.token))).body.code).not.toBe(
      ErrorCode.PROFILE_MATURITY_BLOCKED,
    );
  });

  it('lets a kids profile with U/A allowed see U/A titles but not A ones', async () => {
    const ua = await makeMovie('Jadui Chirag', 'U/A');
    const a = await makeMovie('Andheri Gali', 'A');
    const { kidToken } = await withKid('kids-ua');
    await http.get(`/api/movie/${ua.slug}`).set(bearer(kidToken)).expect(200);
    await http.get(`/api/movie/${a.slug}`).set(bearer(kidToken)).expect(403);
  });

  it('keeps a kids profile from managing profiles, the account or payments, but lets it choose another profile', async () => {
    const { viewer, kid, kidToken } = await withKid();
    for (const call of [
      http
        .post('/api/user/profiles')
        .set(bearer(kidToken))
        .send({ name: 'X', avatar: 'kite', maturity: 'adult' }),
      http.patch(`/api/user/profiles/${kid._id}`).set(bearer(kidToken)).send({ maturity: 'adult' }),
      http.delete(`/api/user/profiles/${kid._id}`).set(bearer(kidToken)),
      http.delete('/api/user/me').set(bearer(kidToken)),
      http.post('/api/checkout/create-order').set(bearer(kidToken)).send({ planKey: 'basic' }),
    ]) {
      const refused = await call;
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe(ErrorCode.PROFILE_NOT_ALLOWED);
    }
    expect(await profilesOf(kidToken)).toHaveLength(2);
    const back = await select(kidToken, viewer._id);
    expect(claimsOf(back.token).prf).toBeUndefined();
  });

  it('asks a locked profile’s lock to choose it, and the holder’s lock to manage profiles or delete the account', async () => {
    const viewer = await signIn();
    const locked = (
      await create(viewer.token, { name: 'Locked', avatar: 'moon', maturity: 'adult', lock: '4321' }).expect(
        201,
      )
    ).body as Profile;
    expect(locked.hasLock).toBe(true);
    const wrong = await http
      .post(`/api/user/profiles/${locked._id}/select`)
      .set(bearer(viewer.token))
      .send({ lock: '1111' })
      .expect(403);
    expect(wrong.body).toMatchObject({ code: ErrorCode.PROFILE_LOCK_INVALID, limit: 4 });
    const badLock = await http
      .post(`/api/user/profiles/${locked._id}/select`)
      .set(bearer(viewer.token))
      .send({ lock: 'abcd' })
      .expect(400);
    expect(badLock.body.fields).toHaveProperty('lock');
    const right = await http
      .post(`/api/user/profiles/${locked._id}/select`)
      .set(bearer(viewer.token))
      .send({ lock: '4321' })
      .expect(200);
    expect(claimsOf(right.body.token as string).prf).toBe(locked._id);

    // The holder's own profile takes a lock: from then on managing asks for it.
    await http
      .patch(`/api/user/profiles/${viewer._id}`)
      .set(bearer(viewer.token))
      .send({ lock: '9876' })
      .expect(200);
    const unasked = await create(viewer.token, { name: 'New', avatar: 'kite', maturity: 'kids' }).expect(403);
    expect(unasked.body.code).toBe(ErrorCode.PROFILE_LOCK_INVALID);
    expect((await http.delete('/api/user/me').set(bearer(viewer.token))).status).toBe(403);
    await create(viewer.token, { name: 'New', avatar: 'kite', maturity: 'kids' })
      .set('x-profile-lock', '9876')
      .expect(201);
    await http.delete('/api/user/me').set(bearer(viewer.token)).set('x-profile-lock', '9876').expect(200);
  });

  it('keeps a kids profile to U episodes on category pages and the shows list, and refuses it an A episode’s stream', async () => {
    const mk = async (name: string, rating: 'U' | 'A') =>
      (
        await rpc.call(Subjects.catalog.episodes.create, {
          ...testEpisode(`${name} ${block}`),
          rating,
          category: 'health',
        })
      ).episode;
    const u = await mk('Haath Dhona', 'U');
    const a = await mk('Raat Ki Khabar', 'A');
    const { viewer, kidToken } = await withKid();
    const ours = (episodes: Episode[]) =>
      episodes.map((episode) => episode.title).filter((t) => t === u.title || t === a.title);

    const category = (token: string) =>
      http.get('/api/series/category/health/episodes').set(bearer(token)).expect(200);
    expect(ours(((await category(viewer.token)).body as { episodes: Episode[] }).episodes).sort()).toEqual(
      [a.title, u.title].sort(),
    );
    const kidsCategory = await category(kidToken);
    expect(kidsCategory.headers['cache-control']).toContain('private');
    expect(ours((kidsCategory.body as { episodes: Episode[] }).episodes)).toEqual([u.title]);
    // The shows list's page and its totals are the kids profile's own: the A episode is not counted.
    const showsOf = async (token: string) =>
      (await http.get(`/api/series/episodes?search=${block}`).set(bearer(token)).expect(200)).body as {
        paginatedEpisodes: Episode[];
        totalEpisodes: number;
      };
    const shows = await showsOf(kidToken);
    expect(ours(shows.paginatedEpisodes)).toEqual([u.title]);
    expect(shows.totalEpisodes).toBe(shows.paginatedEpisodes.length);
    expect((await showsOf(viewer.token)).totalEpisodes).toBe(shows.totalEpisodes + 1);

    const stream = await http.get(`/api/series/episodes/${a._id}/stream`).set(bearer(kidToken)).expect(403);
    expect(stream.body.code).toBe(ErrorCode.PROFILE_MATURITY_BLOCKED);
    expect((await http.get(`/api/series/episodes/${u._id}/stream`).set(bearer(kidToken))).body.code).not.toBe(
      ErrorCode.PROFILE_MATURITY_BLOCKED,
    );
  });

  // Last: it takes the users service back to the release before profiles and migrates it again.
  it('keeps an existing viewer’s Continue watching, positions, My List and language through the migration, before and after choosing the first profile', async () => {
    // A viewer of the release before profiles, with a film half watched, another in My List and Tamil
    // chosen, keeps all of it once the users service migrates: the first profile has the viewer's id
    // and no catalogue row moves.
    const viewer = await signIn();
    const [half, kept] = await Promise.all(
      ['Alaigal', 'Kadal Kaatru'].map(
        async (title) =>
          (await rpc.call(Subjects.catalog.movies.create, testFilm(`${title} ${block}`))).movie,
      ),
    );

    // The users database as the release before profiles left it: the viewer's row with its language,
    // no profile (the two profile migrations undone). The catalogue's positions and the list were kept
    // under the viewer's id, as that release wrote them.
    await services.kill('users');
    await services.query('users', `DROP TABLE "profile"`);
    await services.query('users', `DELETE FROM "schema_migrations" WHERE "name" = ANY($1)`, [
      ['Profiles1795400700000', 'ProfileLock1795400800000'],
    ]);
    await services.query('users', `UPDATE "viewer" SET "interface_language" = 'ta' WHERE "id" = $1`, [
      viewer._id,
    ]);
    await services.query(
      'users',
      `INSERT INTO "my_list_entry" ("profile_id", "title_id", "kind") VALUES ($1, $2, 'movie')`,
      [viewer._id, kept._id],
    );
    await rpc.call(Subjects.catalog.watch.save, {
      viewerId: viewer._id,
      kind: 'movie',
      titleId: half._id,
      positionSeconds: 1500,
      durationSeconds: 3000,
      deviceClass: 'website',
    });

    // The new release: its migrations, then the service.
    await services.restart('users');
    const [{ count }] = await services.query<{ count: number }>(
      'users',
      `SELECT count(*)::int AS "count" FROM "profile" WHERE "account_id" = $1`,
      [viewer._id],
    );
    expect(count).toBe(1);

    const sees = async (token: string) => {
      const me = await http.get('/api/user/me').set(bearer(token)).expect(200);
      const continuing = (await http.get('/api/playback/continue').set(bearer(token)).expect(200))
        .body as ContinueWatching[];
      const position = await http
        .get(`/api/playback/position/movie/${half._id}`)
        .set(bearer(token))
        .expect(200);
      const list = (await http.get('/api/user/list').set(bearer(token)).expect(200)).body as ListedTitle[];
      return {
        language: me.body.interfaceLanguage as string,
        profile: (me.body.profile as Profile)._id,
        continuing: continuing.map((entry) => [entry.titleId, entry.positionSeconds]),
        position: (position.body.position as { positionSeconds: number } | null)?.positionSeconds,
        list: list.map((entry) => entry.titleId),
      };
    };
    const expected = {
      language: 'ta',
      profile: viewer._id,
      continuing: [[half._id, 1500]],
      position: 1500,
      list: [kept._id],
    };
    // The session from before the new release (its token names no profile) ...
    expect(await sees(viewer.token)).toEqual(expected);
    const profiles = (await http.get('/api/user/profiles').set(bearer(viewer.token)).expect(200))
      .body as Profile[];
    expect(profiles).toEqual([
      expect.objectContaining({ _id: viewer._id, name: 'Me', interfaceLanguage: 'ta', isFirst: true }),
    ]);
    // ... and the first profile chosen on "Who's watching?".
    const chosen = await http
      .post(`/api/user/profiles/${viewer._id}/select`)
      .set(bearer(viewer.token))
      .expect(200);
    expect(await sees(chosen.body.token as string)).toEqual(expected);
  });
});
