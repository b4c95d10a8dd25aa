import { randomUUID } from 'node:crypto';
import {
  addDays,
  Events,
  indiaDayOf,
  Subjects,
  type PlayStarted,
  type SubscriptionChanged,
  type UserDeleted,
  type ViewingAnalytics,
  type WatchTimeRecorded,
} from '@chitram/contracts';
import { busSubject, connectNats, RpcClient, type EventEnvelope } from '@chitram/nest-kit';
import {
  isolatedEnv,
  rebuildAggregates,
  startTestService,
  testInfrastructure,
  type TestService,
  waitFor,
} from '@chitram/test-helpers';
import { JSONCodec, type NatsConnection } from 'nats';
import { catalogService } from '../service';
import { episodeInput, movieInput, seriesInput } from '../testing/fixtures';

// Plays and watch time per day (DECISIONS D12) from a scripted series of events on real Postgres and
// JetStream: some sent twice, some late, a plan that arrives after the plays it covers.

describe('viewing analytics: per-day aggregates kept from events', () => {
  const isolation = isolatedEnv();
  let catalog: TestService;
  let nats: NatsConnection;
  let rpc: RpcClient;
  const analytics = Subjects.catalog.analytics;
  const codec = JSONCodec();

  const today = indiaDayOf(new Date());
  const [d0, d1, d2] = [today, addDays(today, -1), addDays(today, -2)];
  const at = (day: string, time: string) => new Date(`${day}T${time}+05:30`);

  /** Publishes an envelope; a copy (same event id, another message id) gets past JetStream's de-duplication. */
  const publish = async <T>(
    subject: string,
    payload: T,
    occurredAt: Date,
    id: string = randomUUID(),
    copy = false,
  ) => {
    const envelope: EventEnvelope<T> = { id, subject, occurredAt: occurredAt.toISOString(), payload };
    await nats.jetstream().publish(busSubject(isolation.env, subject), codec.encode(envelope), {
      msgID: copy ? randomUUID() : id,
    });
    return id;
  };
  const play = (viewerId: string, kind: 'movie' | 'episode', titleId: string, when: Date, id?: string) =>
    publish<PlayStarted>(
      Events.playStarted,
      { viewerId, kind, titleId, deviceClass: 'website', day: indiaDayOf(when), at: when.toISOString() },
      when,
      id,
      id !== undefined,
    );
  const watched = (
    viewerId: string,
    kind: 'movie' | 'episode',
    titleId: string,
    when: Date,
    seconds: number,
  ) =>
    publish<WatchTimeRecorded>(
      Events.watchTimeRecorded,
      { viewerId, kind, titleId, deviceClass: 'website', seconds, day: indiaDayOf(when) },
      when,
    );
  const plan = (viewerId: string, planKey: 'basic' | 'gold', validFrom: Date, validTill: Date) =>
    publish<SubscriptionChanged>(
      Events.subscriptionActivated,
      {
        viewerId,
        change: 'activated',
        planKey,
        previousPlanKey: null,
        paymentId: `pay_${randomUUID().replace(/-/g, '').slice(0, 14)}`,
        validFrom: validFrom.toISOString(),
        validTill: validTill.toISOString(),
        amount: 9900,
      },
      validFrom,
    );
  const handled = async () => {
    const [{ n }]: Array<{ n: number }> = await catalog.dataSource.query(
      `SELECT count(*)::int AS "n" FROM "processed_event" WHERE "consumer" LIKE 'catalog-analytics-%'`,
    );
    return n;
  };
  /** Every analytics consumer has nothing left to deliver or to be acknowledged. */
  const drained = async () => {
    const jsm = await nats.jetstreamManager();
    for (const durable of [
      'catalog-analytics-plays',
      'catalog-analytics-watch-time',
      'catalog-analytics-plan-activated',
    ]) {
      const info = await jsm.consumers.info(isolation.env.EVENTS_STREAM, durable);
      if (info.num_pending > 0 || info.num_ack_pending > 0) return false;
    }
    return true;
  };
  const viewing = (extra: { language?: 'Tamil'; plan?: 'gold' | 'basic' } = {}) =>
    rpc.call(analytics.viewing, { from: d2, to: d0, ...extra });
  /** The same figures counted straight from the stored facts. */
  const directCount = async () => {
    const rows: Array<{ day: string; plays: number; watch: number }> = await catalog.dataSource.query(
      `SELECT to_char("day", 'YYYY-MM-DD') AS "day", sum("plays")::int AS "plays", sum("watch_seconds")::int AS "watch"
         FROM "viewing_fact" WHERE "day" BETWEEN $1 AND $2 GROUP BY "day" ORDER BY "day"`,
      [d2, d0],
    );
    return rows.map((r) => ({ day: r.day, plays: r.plays, watchSeconds: r.watch }));
  };

  const viewers = { a: randomUUID(), b: randomUUID(), c: randomUUID() };
  const titles = { m1: '', m2: '', e1: '', e2: '' };

  beforeAll(async () => {
    catalog = await startTestService(catalogService, { env: isolation.env });
    nats = await connectNats(testInfrastructure().NATS_URL, 'viewing-analytics-test');
    rpc = new RpcClient(nats, 10_000);
    const movie = async (title: string, language: string) =>
      (await rpc.call(Subjects.catalog.movies.create, movieInput({ title, language }))).movie._id;
    titles.m1 = await movie('Kaveri', 'Tamil');
    titles.m2 = await movie('Ganga', 'Hindi');
    const { series } = await rpc.call(Subjects.catalog.series.create, seriesInput());
    titles.e1 = series.episodes[0]._id;
    titles.e2 = (await rpc.call(Subjects.catalog.episodes.create, episodeInput())).episode._id;

    // B holds gold from yesterday noon; the plan is known before B's plays.
    await plan(viewers.b, 'gold', at(d1, '12:00:00'), at(addDays(d0, 365), '12:00:00'));
    // Today's plays first, the day before yesterday's last: out of order.
    await play(viewers.a, 'movie', titles.m2, at(d0, '01:00:00'));
    await watched(viewers.a, 'movie', titles.m2, at(d0, '01:05:00'), 300);
    await play(viewers.b, 'episode', titles.e1, at(d0, '01:10:00'));
    await watched(viewers.b, 'episode', titles.e1, at(d0, '01:11:00'), 100);
    await play(viewers.c, 'episode', titles.e2, at(d0, '02:00:00'));
    await watched(viewers.c, 'episode', titles.e2, at(d0, '02:01:00'), 50);
    const first = await play(viewers.a, 'movie', titles.m1, at(d1, '10:00:00'));
    await watched(viewers.a, 'movie', titles.m1, at(d1, '10:10:00'), 600);
    await play(viewers.b, 'movie', titles.m1, at(d2, '21:00:00'));
    await watched(viewers.b, 'movie', titles.m1, at(d2, '21:20:00'), 1200);
    // The same play again (a redelivery), and A's basic plan arriving after the plays it covers.
    await play(viewers.a, 'movie', titles.m1, at(d1, '10:00:00'), first);
    await plan(viewers.a, 'basic', at(d2, '00:00:00'), at(addDays(d0, 90), '00:00:00'));
    await waitFor(async () => (await handled()) === 12 && (await drained()), 20_000);
  }, 60_000);

  afterAll(async () => {
    await nats?.close();
    await catalog?.destroy();
    await isolation.cleanUp();
  });

  const expectedDays = [
    { day: d2, plays: 1, watchSeconds: 1200 },
    { day: d1, plays: 1, watchSeconds: 600 },
    { day: d0, plays: 3, watchSeconds: 450 },
  ];

  const expectScripted = (answer: ViewingAnalytics) => {
    expect(answer.days).toEqual(expectedDays);
    expect(answer.byPlan).toEqual(
      expect.arrayContaining([
        { planKey: 'basic', plays: 2, watchSeconds: 900 },
        { planKey: 'gold', plays: 1, watchSeconds: 100 },
        { planKey: 'none', plays: 2, watchSeconds: 1250 },
      ]),
    );
    expect(answer.byPlan).toHaveLength(3);
    expect(answer.byLanguage).toEqual(
      expect.arrayContaining([
        { language: 'Tamil', plays: 2, watchSeconds: 1800 },
        { language: 'Hindi', plays: 2, watchSeconds: 400 },
        { language: null, plays: 1, watchSeconds: 50 },
      ]),
    );
    expect(answer.topTitles.byPlays[0]).toMatchObject({ titleId: titles.m1, title: 'Kaveri', plays: 2 });
    expect(answer.topTitles.byWatchTime.map((t) => [t.titleId, t.watchSeconds])).toEqual([
      [titles.m1, 1800],
      [titles.m2, 300],
      [titles.e1, 100],
      [titles.e2, 50],
    ]);
  };

  it('counts each event once, on its own day, with the plan the viewer held then, whatever the order', async () => {
    const answer = await viewing();
    expectScripted(answer);
    expect(answer.days).toEqual(await directCount());
  });

  it('answers the same over a longer period, whose whole weeks come from the weekly rows', async () => {
    const twoWeeks = await rpc.call(analytics.viewing, { from: addDays(d0, -15), to: d0 });
    expect(twoWeeks.days).toHaveLength(16);
    expect(twoWeeks.days.filter((d) => d.plays || d.watchSeconds)).toEqual(expectedDays);
    const [short, long] = [await viewing(), twoWeeks];
    expect(long.topTitles).toEqual(short.topTitles);
    expect(long.byLanguage).toEqual(expect.arrayContaining(short.byLanguage));
  });

  it('narrows the top titles to a language or to the viewers of a plan', async () => {
    const tamil = await viewing({ language: 'Tamil' });
    expect(tamil.topTitles.byPlays.map((t) => t.titleId)).toEqual([titles.m1]);
    const gold = await viewing({ plan: 'gold' });
    expect(gold.topTitles.byPlays).toEqual([
      expect.objectContaining({
        kind: 'episode',
        titleId: titles.e1,
        language: 'Hindi',
        plays: 1,
        watchSeconds: 100,
      }),
    ]);
    // A's plays of M1 and M2 were under basic, once the late plan arrived.
    const basic = await viewing({ plan: 'basic' });
    expect(basic.topTitles.byWatchTime.map((t) => [t.titleId, t.watchSeconds])).toEqual([
      [titles.m1, 600],
      [titles.m2, 300],
    ]);
  });

  it('rebuilds the same aggregates from the facts alone', async () => {
    const before = await viewing();
    await catalog.dataSource.query(`DELETE FROM "viewing_day"; UPDATE "viewing_title_day" SET "plays" = 99`);
    expect((await viewing()).days).not.toEqual(expectedDays);
    const rebuilt = await rebuildAggregates(rpc, analytics);
    expect(rebuilt).toMatchObject({ state: 'done', result: { facts: 10, rows: expect.any(Number) } });
    expect(await viewing()).toEqual(before);
  });

  it('keeps the counts of a deleted account without its id, through a rebuild too (D25)', async () => {
    const before = await viewing();
    await publish<UserDeleted>(
      Events.userDeleted,
      { viewerId: viewers.a, deletedAt: new Date().toISOString() },
      new Date(),
    );
    await waitFor(async () => {
      const rows: unknown[] = await catalog.dataSource.query(
        `SELECT 1 FROM "viewing_fact" WHERE "viewer_id" = $1`,
        [viewers.a],
      );
      return rows.length === 0;
    }, 10_000);
    expect(await viewing()).toEqual(before);
    await rebuildAggregates(rpc, analytics);
    expect(await viewing()).toEqual(before);
  });

  it('counts a play the player reports through the catalogue itself', async () => {
    const before = (await viewing()).days.at(-1);
    await rpc.call(Subjects.catalog.watch.save, {
      viewerId: randomUUID(),
      kind: 'movie',
      titleId: titles.m2,
      positionSeconds: 5,
      durationSeconds: 7200,
      deviceClass: 'mobile',
    });
    await waitFor(async () => (await viewing()).days.at(-1)?.plays === (before?.plays ?? 0) + 1, 10_000);
    expect((await viewing()).days).toEqual(await directCount());
  });

  it('refuses a period that is not two days', async () => {
    await expect(rpc.call(analytics.viewing, { from: 'yesterday', to: d0 })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
  });
});
