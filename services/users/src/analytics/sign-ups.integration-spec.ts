import { randomUUID } from 'node:crypto';
import { addDays, Events, indiaDayOf, Subjects, type ViewerSignedUp } from '@chitram/contracts';
import { busSubject, connectNats, RpcClient, type EventEnvelope } from '@chitram/nest-kit';
import {
  isolatedEnv,
  rebuildAggregates,
  startTestService,
  testInfrastructure,
  type TestService,
  consumerAcknowledged,
  waitFor,
} from '@chitram/test-helpers';
import { JSONCodec, type NatsConnection } from 'nats';
import { usersService } from '../service';

// New viewers per day (DECISIONS D12) from the users service's own sign-up events, on real Postgres
// and JetStream.

describe('sign-up analytics: new viewers per day', () => {
  const isolation = isolatedEnv();
  let users: TestService;
  let nats: NatsConnection;
  let rpc: RpcClient;
  const analytics = Subjects.users.analytics;

  const today = indiaDayOf(new Date());
  const from = addDays(today, -6);
  const daily = () => rpc.call(analytics.signUps, { from, to: today });
  const signUpsOn = async (day: string) => (await daily()).days.find((d) => d.day === day)?.newViewers;
  const handled = async () => {
    const [{ n }]: Array<{ n: number }> = await users.dataSource.query(
      `SELECT count(*)::int AS "n" FROM "processed_event" WHERE "consumer" LIKE 'users-analytics-%'`,
    );
    return n;
  };
  /** New viewers per day counted straight from the accounts and the deleted ones' facts. */
  const directCount = async () => {
    const rows: Array<{ day: string; n: number }> = await users.dataSource.query(
      `SELECT to_char("day", 'YYYY-MM-DD') AS "day", count(*)::int AS "n" FROM "signup_fact"
        WHERE "day" BETWEEN $1 AND $2 GROUP BY 1`,
      [from, today],
    );
    return new Map(rows.map((r) => [r.day, r.n]));
  };
  const signIn = (phoneNumber: string) => rpc.call(Subjects.users.findOrCreateViewer, { phoneNumber });

  beforeAll(async () => {
    users = await startTestService(usersService, { env: isolation.env });
    nats = await connectNats(testInfrastructure().NATS_URL, 'sign-up-analytics-test');
    rpc = new RpcClient(nats, 10_000);
  });

  afterAll(async () => {
    await nats?.close();
    await users?.destroy();
    await isolation.cleanUp();
  });

  it('counts a first sign-in as a new viewer of today, and a second sign-in not again', async () => {
    await signIn('+919811111111');
    await signIn('+919811111112');
    await signIn('+919811111111');
    await waitFor(async () => (await handled()) === 2, 10_000);
    expect(await signUpsOn(today)).toBe(2);
  });

  it('counts demo accounts on the days they are dated, once however often they come', async () => {
    const viewers = [
      { id: randomUUID(), phoneNumber: '+919822222221', at: `${addDays(today, -3)}T09:00:00+05:30` },
      { id: randomUUID(), phoneNumber: '+919822222222', at: `${addDays(today, -3)}T23:59:00+05:30` },
      { id: randomUUID(), phoneNumber: '+919822222223', at: `${addDays(today, -5)}T00:01:00+05:30` },
    ];
    expect(await rpc.call(analytics.demo, { viewers })).toEqual({ created: 3 });
    expect(await rpc.call(analytics.demo, { viewers })).toEqual({ created: 0 });
    // Each demo account has its first profile, as a sign-in would have made it (D37).
    for (const viewer of viewers)
      expect(await rpc.call(Subjects.users.profiles.list, { accountId: viewer.id })).toEqual([
        expect.objectContaining({ _id: viewer.id, isFirst: true, maturity: 'adult' }),
      ]);
    const answer = await daily();
    expect(answer.days).toHaveLength(7);
    expect(answer.days.map((d) => d.newViewers)).toEqual([0, 1, 0, 2, 0, 0, 2]);
  });

  it('counts a redelivered sign-up once, and agrees with a count straight from the facts', async () => {
    const [row]: Array<{ id: string; payload: ViewerSignedUp }> = await users.dataSource.query(
      `SELECT "id", "payload" FROM "outbox_event" WHERE "subject" = $1 LIMIT 1`,
      [Events.viewerSignedUp],
    );
    const envelope: EventEnvelope<ViewerSignedUp> = {
      id: row.id,
      subject: Events.viewerSignedUp,
      occurredAt: row.payload.at,
      payload: row.payload,
    };
    const before = await handled();
    await nats
      .jetstream()
      .publish(busSubject(isolation.env, Events.viewerSignedUp), JSONCodec().encode(envelope), {
        msgID: randomUUID(),
      });
    // A copy under another id (a relay that published after the de-duplication window) counts once too.
    const copy = await nats
      .jetstream()
      .publish(
        busSubject(isolation.env, Events.viewerSignedUp),
        JSONCodec().encode({ ...envelope, id: randomUUID() }),
        { msgID: randomUUID() },
      );
    await waitFor(async () => (await handled()) === before + 1, 10_000);
    // The sign-up consumer has taken both (the copy too), so the count below is final.
    await consumerAcknowledged(nats, isolation.env.EVENTS_STREAM, 'users-analytics-sign-ups', copy.seq);
    expect(await signUpsOn(today)).toBe(2);
    const direct = await directCount();
    expect((await daily()).days.every((d) => d.newViewers === (direct.get(d.day) ?? 0))).toBe(true);
  });

  it('keeps a deleted account counted, without it, and rebuilds the same from the facts (D25)', async () => {
    const viewer = await signIn('+919833333333');
    await waitFor(async () => (await signUpsOn(today)) === 3, 10_000);
    await rpc.call(Subjects.users.deleteViewer, { id: viewer._id });
    // The account's user.deleted event reaches the sign-up facts, which forget it.
    await waitFor(async () => {
      const rows: unknown[] = await users.dataSource.query(
        `SELECT 1 FROM "signup_fact" WHERE "viewer_id" = $1`,
        [viewer._id],
      );
      return rows.length === 0;
    }, 10_000);
    const before = await daily();
    expect(await signUpsOn(today)).toBe(3);
    await users.dataSource.query(`DELETE FROM "signup_day"`);
    expect(await rebuildAggregates(rpc, analytics)).toMatchObject({ state: 'done', result: { facts: 6 } });
    expect(await daily()).toEqual(before);
  });

  it('runs one rebuild however often and through however many instances it is asked for', async () => {
    const second = await startTestService(usersService, { env: isolation.env, database: users.database });
    // The test holds the facts, so the job that takes them waits at work until let go.
    const holder = users.dataSource.createQueryRunner();
    try {
      await holder.startTransaction();
      await holder.query(`LOCK TABLE "signup_fact" IN ROW EXCLUSIVE MODE`);
      const first = await rpc.call(analytics.rebuild, {});
      await waitFor(async () => (await rpc.call(analytics.rebuildStatus, {})).job?.state === 'running');
      const again = await Promise.all([1, 2, 3, 4].map(() => rpc.call(analytics.rebuild, {})));
      expect(again.map((job) => [job.id, job.state])).toEqual(again.map(() => [first.id, 'running']));
      expect((await rpc.call(analytics.rebuildStatus, { id: first.id })).job).toMatchObject({
        step: 'signup_day',
        stepsDone: 0,
        stepsTotal: 1,
        startedAt: expect.any(String),
        finishedAt: null,
      });
      await holder.rollbackTransaction();
      const done = await waitFor(async () => {
        const { job } = await rpc.call(analytics.rebuildStatus, {});
        return job?.state === 'done' && job;
      }, 10_000);
      expect(done).toMatchObject({ id: first.id, stepsDone: 1, result: { facts: 6 }, error: null });
      const runs: Array<{ n: number }> = await users.dataSource.query(
        `SELECT count(*)::int AS "n" FROM "analytics_rebuild" WHERE "requested_at" >= $1`,
        [done.requestedAt],
      );
      expect(runs).toEqual([{ n: 1 }]);
    } finally {
      if (holder.isTransactionActive) await holder.rollbackTransaction();
      await holder.release();
      await second.close();
    }
  });
});
