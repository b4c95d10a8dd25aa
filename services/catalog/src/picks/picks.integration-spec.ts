import { randomUUID } from 'node:crypto';
import {
  Events,
  indiaDayOf,
  Subjects,
  type PlayStarted,
  type ProfileDeletedEvent,
  type TitleFinished,
  type UserDeleted,
} from '@chitram/contracts';
import { busSubject, connectNats, RpcClient, type EventEnvelope } from '@chitram/nest-kit';
import {
  isolatedEnv,
  startTestService,
  testInfrastructure,
  type TestService,
  waitFor,
} from '@chitram/test-helpers';
import { JSONCodec, type NatsConnection } from 'nats';
import { catalogService } from '../service';
import { movieInput } from '../testing/fixtures';

// The picked rows (issue 22) on real Postgres and JetStream: co-watching kept from title-finished
// events, some sent twice and some late; "Because you watched" and "Top 10 in {language} today".

describe('picked rows: co-watching and today’s most played', () => {
  const isolation = isolatedEnv();
  let catalog: TestService;
  let nats: NatsConnection;
  let rpc: RpcClient;
  const codec = JSONCodec();
  const picks = Subjects.catalog.picks;

  /** Publishes an envelope; a copy (same event id, another message id) gets past JetStream's de-duplication. */
  const publish = async <T>(subject: string, payload: T, id: string = randomUUID(), copy = false) => {
    const envelope: EventEnvelope<T> = { id, subject, occurredAt: new Date().toISOString(), payload };
    await nats.jetstream().publish(busSubject(isolation.env, subject), codec.encode(envelope), {
      msgID: copy ? randomUUID() : id,
    });
    return id;
  };
  const finish = (profileId: string, titleId: string, at: Date, id?: string) =>
    publish<TitleFinished>(
      Events.titleFinished,
      { profileId, kind: 'movie', titleId, at: at.toISOString() },
      id,
      id !== undefined,
    );
  const handled = async (consumer: string) => {
    const [{ n }]: Array<{ n: number }> = await catalog.dataSource.query(
      `SELECT count(*)::int AS "n" FROM "processed_event" WHERE "consumer" = $1`,
      [consumer],
    );
    return n;
  };
  /** The consumer has nothing left to deliver or to be acknowledged: copies sent twice have been seen too. */
  const drained = async (durable: string) => {
    const info = await (await nats.jetstreamManager()).consumers.info(isolation.env.EVENTS_STREAM, durable);
    return info.num_pending === 0 && info.num_ack_pending === 0;
  };
  const stored = async () =>
    (
      await catalog.dataSource.query(
        `SELECT "title_id" AS "a", "other_id" AS "b", "profiles" AS "n" FROM "co_watching" ORDER BY 1, 2`,
      )
    ).map((r: { a: string; b: string; n: number }) => `${r.a}>${r.b}:${r.n}`);
  /** The same counts straight from the finishes: for each ordered pair, the profiles that finished both. */
  const directCount = async () =>
    (
      await catalog.dataSource.query(
        `SELECT a."title_id" AS "a", b."title_id" AS "b", count(*)::int AS "n"
           FROM "title_finish" a JOIN "title_finish" b ON b."profile_id" = a."profile_id" AND b."title_id" <> a."title_id"
          GROUP BY 1, 2 ORDER BY 1, 2`,
      )
    ).map((r: { a: string; b: string; n: number }) => `${r.a}>${r.b}:${r.n}`);

  const movie = async (title: string, language = 'Tamil', genre = ['Drama']) =>
    (await rpc.call(Subjects.catalog.movies.create, movieInput({ title, language, genre }))).movie._id;

  beforeAll(async () => {
    catalog = await startTestService(catalogService, { env: isolation.env });
    nats = await connectNats(testInfrastructure().NATS_URL, 'picks-test');
    rpc = new RpcClient(nats, 10_000);
  }, 60_000);

  afterAll(async () => {
    await nats?.close();
    await catalog?.destroy();
    await isolation.cleanUp();
  });

  it('keeps co-watching equal to a direct count over the finishes after redelivered and out-of-order events', async () => {
    const f = await Promise.all(['Kaveri', 'Ganga', 'Yamuna', 'Narmada', 'Godavari'].map((t) => movie(t)));
    const [asha, ravi, meena, arjun] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
    // Later finishes sent first; some events twice; one title finished twice by one profile.
    const first = await finish(asha, f[2], at(10));
    await finish(asha, f[0], at(50));
    await finish(asha, f[1], at(40));
    await finish(asha, f[2], at(10), first);
    await finish(ravi, f[1], at(5));
    const late = await finish(ravi, f[0], at(90));
    await finish(ravi, f[0], at(90), late);
    await finish(ravi, f[0], at(2));
    await finish(meena, f[0], at(30));
    await finish(meena, f[3], at(31));
    await finish(arjun, f[4], at(1));
    await waitFor(
      async () =>
        (await handled('catalog-picks-finished')) === 9 && (await drained('catalog-picks-finished')),
      20_000,
    );

    expect(await stored()).toEqual(await directCount());
    const pair = (a: string, b: string) =>
      catalog.dataSource
        .query(`SELECT "profiles" FROM "co_watching" WHERE "title_id" = $1 AND "other_id" = $2`, [a, b])
        .then((rows: Array<{ profiles: number }>) => rows[0]?.profiles ?? 0);
    expect(await pair(f[0], f[1])).toBe(2);
    expect(await pair(f[1], f[0])).toBe(2);
    expect(await pair(f[0], f[2])).toBe(1);
    expect(await pair(f[0], f[3])).toBe(1);
    expect(await pair(f[0], f[4])).toBe(0);

    // A deleted account's finishes leave the counts, which still match the finishes left.
    await publish<UserDeleted>(Events.userDeleted, { viewerId: asha, deletedAt: new Date().toISOString() });
    await waitFor(async () => (await handled('catalog-picks-forget-viewer')) === 1, 20_000);
    expect(await pair(f[0], f[1])).toBe(1);
    expect(await pair(f[0], f[2])).toBe(0);
    expect(await stored()).toEqual(await directCount());

    // So do a deleted profile's (D37): meena's was a second profile of some account.
    await publish<ProfileDeletedEvent>(Events.profileDeleted, {
      accountId: randomUUID(),
      profileId: meena,
      deletedAt: new Date().toISOString(),
    });
    await waitFor(async () => (await handled('catalog-picks-forget-profile')) === 1, 20_000);
    expect(await pair(f[0], f[3])).toBe(0);
    expect(await pair(f[0], f[1])).toBe(1);
    expect(await stored()).toEqual(await directCount());
  });

  it('picks what the viewers who finished X also finished, leaving out what this profile watched', async () => {
    const x = await movie('Sangam', 'Telugu');
    const also: string[] = [];
    for (const n of [0, 1, 2, 3, 4]) also.push(await movie(`Also ${n}`, 'Hindi', ['Action']));
    const [me, ...others] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const at = new Date(Date.now() - 60_000);
    const before = await handled('catalog-picks-finished');
    // Shared by three profiles, two, then one each.
    const finishedBy = [[0, 1, 2, 3, 4], [0, 1], [0]];
    for (const [i, other] of others.entries()) {
      await finish(other, x, at);
      for (const n of finishedBy[i]) await finish(other, also[n], at);
    }
    await finish(me, x, new Date());
    // This profile has started also[4]: it is left out.
    await rpc.call(Subjects.catalog.watch.save, {
      viewerId: me,
      kind: 'movie',
      titleId: also[4],
      positionSeconds: 60,
      durationSeconds: 5400,
      deviceClass: 'website',
    });
    await waitFor(async () => (await handled('catalog-picks-finished')) === before + 12, 20_000);
    const row = await rpc.call(picks.becauseYouWatched, { profileId: me });
    expect(row?.watched._id).toBe(x);
    expect(row?.basis).toBe('co-watching');
    const picked = row!.movies.map((m) => m._id);
    expect(picked.slice(0, 2)).toEqual([also[0], also[1]]);
    expect(picked.slice(2).sort()).toEqual([also[2], also[3]].sort());
  });

  it('falls back to the same genre and language with too little co-watching, and answers null before any finish', async () => {
    const x = await movie('Lone Film', 'Kannada', ['Comedy']);
    const kin = await movie('Kin Film', 'Kannada', ['Comedy', 'Drama']);
    await movie('Other Language', 'Bengali', ['Comedy']);
    await movie('Other Genre', 'Kannada', ['Horror']);
    const me = randomUUID();
    expect(await rpc.call(picks.becauseYouWatched, { profileId: me })).toBeNull();
    await finish(me, x, new Date());
    await waitFor(
      async () =>
        (await catalog.dataSource.query(`SELECT 1 FROM "title_finish" WHERE "profile_id" = $1`, [me]))
          .length === 1,
      20_000,
    );
    const row = await rpc.call(picks.becauseYouWatched, { profileId: me });
    expect(row).toMatchObject({ basis: 'genre-and-language', watched: { _id: x } });
    expect(row!.movies.map((m) => m._id)).toContain(kin);
    expect(row!.movies.every((m) => m.language === 'Kannada' && m.genre.includes('Comedy'))).toBe(true);
    expect(row!.movies.map((m) => m._id)).not.toContain(x);
  });

  it('ranks the language’s films by plays in the last 24 hours', async () => {
    const [top, second, old] = [
      await movie('Top', 'Bhojpuri'),
      await movie('Second', 'Bhojpuri'),
      await movie('Old', 'Bhojpuri'),
    ];
    const elsewhere = await movie('Elsewhere', 'English');
    const play = (titleId: string, at: Date) =>
      publish<PlayStarted>(Events.playStarted, {
        viewerId: randomUUID(),
        kind: 'movie',
        titleId,
        deviceClass: 'website',
        day: indiaDayOf(at),
        at: at.toISOString(),
      });
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
    const before = await handled('catalog-analytics-plays');
    for (const h of [1, 2, 3]) await play(top, hoursAgo(h));
    for (const h of [4, 23]) await play(second, hoursAgo(h));
    for (const h of [25, 30, 40, 50]) await play(old, hoursAgo(h));
    for (const h of [1, 2, 3, 4, 5]) await play(elsewhere, hoursAgo(h));
    await waitFor(async () => (await handled('catalog-analytics-plays')) === before + 14, 20_000);

    const answer = await rpc.call(picks.topToday, { language: 'bhojpuri' as 'Bhojpuri' });
    expect(answer.language).toBe('Bhojpuri');
    expect(answer.movies.map((m) => [m._id, m.plays])).toEqual([
      [top, 3],
      [second, 2],
    ]);
    await expect(rpc.call(picks.topToday, { language: 'Klingon' as 'Bhojpuri' })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
  });

  it('leaves each demo viewer a watch history, Continue watching and Because you watched from the demo’s plays', async () => {
    const [first, second, third] = [
      await movie('Demo One', 'Malayalam'),
      await movie('Demo Two', 'Malayalam'),
      await movie('Demo Three', 'Malayalam'),
    ];
    const [viewer, other] = [randomUUID(), randomUUID()];
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
    const play = (viewerId: string, titleId: string, at: string, finished: boolean) => ({
      id: randomUUID(),
      viewerId,
      kind: 'movie' as const,
      titleId,
      at,
      watchSeconds: 1200,
      finished,
    });
    // Sent newest first: the places are still each title's latest play's.
    const plays = [
      play(viewer, second, hoursAgo(1), false),
      play(viewer, first, hoursAgo(5), true),
      play(viewer, first, hoursAgo(30), false),
      play(other, first, hoursAgo(6), true),
      play(other, third, hoursAgo(7), true),
    ];
    expect(await rpc.call(Subjects.catalog.analytics.demo, { plays })).toEqual({ created: 5 });

    const history = await rpc.call(Subjects.catalog.history.page, { profileId: viewer });
    expect(history.entries.map((e) => [e.titleId, e.finished])).toEqual([
      [second, false],
      [first, true],
    ]);
    // The demo's videos are not measured yet: the unfinished play is two fifths of the title.
    expect(history.entries[0]).toMatchObject({ positionSeconds: 1200, durationSeconds: 3000 });
    const continuing = await rpc.call(Subjects.catalog.watch.continueWatching, { viewerId: viewer });
    expect(continuing.map((c) => c.titleId)).toEqual([second]);
    const row = await rpc.call(picks.becauseYouWatched, { profileId: viewer });
    expect(row?.watched._id).toBe(first);
    expect(row?.movies.map((m) => m._id)).toContain(third);

    // A second run of the demo adds nothing and moves no place.
    expect(await rpc.call(Subjects.catalog.analytics.demo, { plays })).toEqual({ created: 0 });
    expect(await rpc.call(Subjects.catalog.history.page, { profileId: viewer })).toEqual(history);
  });
});
