import { randomUUID } from 'node:crypto';
import { Events, indiaDayOf, startOfIndiaDay, Subjects, type PlanEndReminderDue } from '@chitram/contracts';
import { connectNats, RpcClient } from '@chitram/nest-kit';
import { isolatedEnv, startTestService, testInfrastructure, type TestService } from '@chitram/test-helpers';
import type { NatsConnection } from 'nats';
import { billingService } from '../service';
import { PlanEndReminders } from './plan-end-reminders';

// Reminders before a plan ends (D40), on real Postgres and NATS: two billing instances on one database
// sweep at the same moments, and each reminder of each plan end is claimed (and its event written) once.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('plan-end reminders across two billing instances', () => {
  const isolation = isolatedEnv();
  let first: TestService;
  let second: TestService;
  let nats: NatsConnection;
  let rpc: RpcClient;
  // 10:00 in India tomorrow: every reminder of the day is due (from 09:00), whatever time the test runs.
  const today = startOfIndiaDay(indiaDayOf(new Date(Date.now() + DAY)));
  const at = new Date(today.getTime() + 10 * HOUR);
  /** 15:00 in India, `days` Indian calendar days after `at`'s day. */
  const endIn = (days: number) => new Date(today.getTime() + days * DAY + 15 * HOUR);

  const hold = async (
    planKey: string,
    validTill: Date,
    next?: { planKey: string; validTill: Date },
  ): Promise<string> => {
    const viewerId = randomUUID();
    await first.dataSource.query(
      `INSERT INTO "subscription" ("viewer_id", "plan_key", "valid_from", "valid_till", "next_plan_key", "next_valid_till")
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [
        viewerId,
        planKey,
        new Date(validTill.getTime() - 90 * DAY),
        validTill,
        next?.planKey ?? null,
        next?.validTill ?? null,
      ],
    );
    return viewerId;
  };
  /** The reminders written for a viewer, as their events carry them. */
  const remindersOf = async (viewerId: string): Promise<PlanEndReminderDue[]> =>
    (
      await first.dataSource.query(
        `SELECT "payload" FROM "outbox_event" WHERE "subject" = $1 AND "payload"->>'viewerId' = $2 ORDER BY "created_at"`,
        [Events.planEndReminderDue, viewerId],
      )
    ).map((row: { payload: PlanEndReminderDue }) => row.payload);
  /** Both instances sweep at once, `times` times over. */
  const sweepTogether = async (now: Date, times = 3) => {
    const claimed: number[] = [];
    for (let i = 0; i < times; i++)
      claimed.push(
        ...(await Promise.all(
          [first, second].map((billing) => billing.app.get(PlanEndReminders).sweep(now)),
        )),
      );
    return claimed.reduce((a, b) => a + b, 0);
  };

  beforeAll(async () => {
    const env = { ...isolation.env, PLAN_END_REMINDER_SWEEP_SECONDS: '3600' };
    first = await startTestService(billingService, { env });
    second = await startTestService(billingService, { env, database: first.database });
    nats = await connectNats(testInfrastructure().NATS_URL, 'reminders-test');
    rpc = new RpcClient(nats, 10_000);
  });

  afterAll(async () => {
    await nats?.close();
    await second?.close();
    await first?.destroy();
    await isolation.cleanUp();
  });

  it('sends the 3-day, 1-day and day-of reminders once each, however many instances sweep', async () => {
    const threeDays = await hold('gold', endIn(3));
    const oneDay = await hold('standard', endIn(1));
    const lastDay = await hold('basic', endIn(0));
    const twoDays = await hold('premium', endIn(2));
    const farAway = await hold('gold', endIn(30));

    const claimed = await sweepTogether(at);
    expect(claimed).toBeGreaterThanOrEqual(3);

    expect(await remindersOf(threeDays)).toEqual([
      {
        viewerId: threeDays,
        planKey: 'gold',
        planName: 'Gold Plan',
        kind: '3-days',
        endsAt: endIn(3).toISOString(),
        daysLeft: 3,
      },
    ]);
    expect((await remindersOf(oneDay)).map((r) => [r.kind, r.daysLeft])).toEqual([['1-day', 1]]);
    expect((await remindersOf(lastDay)).map((r) => [r.kind, r.daysLeft])).toEqual([['day-of', 0]]);
    // Two days left is no reminder's day (D40); thirty is far off.
    expect(await remindersOf(twoDays)).toEqual([]);
    expect(await remindersOf(farAway)).toEqual([]);

    // The next days, swept by both again: each plan gets its next reminder, and still one of each.
    await sweepTogether(new Date(at.getTime() + 2 * DAY));
    await sweepTogether(new Date(at.getTime() + 3 * DAY));
    expect((await remindersOf(threeDays)).map((r) => r.kind)).toEqual(['3-days', '1-day', 'day-of']);
    expect((await remindersOf(oneDay)).map((r) => r.kind)).toEqual(['1-day']);
  });

  it('does not remind of a plan with a queued plan behind it, but of the queued plan’s own end', async () => {
    const queuedEnd = endIn(3);
    const viewer = await hold('gold', endIn(1), { planKey: 'basic', validTill: queuedEnd });
    await sweepTogether(at);
    expect((await remindersOf(viewer)).map((r) => [r.planKey, r.kind, r.endsAt])).toEqual([
      ['basic', '3-days', queuedEnd.toISOString()],
    ]);
  });

  it('reminds a plan extended after a reminder of its new end only', async () => {
    const viewer = await hold('standard', endIn(3));
    await sweepTogether(at);
    expect((await remindersOf(viewer)).map((r) => r.kind)).toEqual(['3-days']);

    // Extended (D17): the old end passes without a word, the new one is reminded in its turn.
    const newEnd = endIn(95);
    await first.dataSource.query(`UPDATE "subscription" SET "valid_till" = $2 WHERE "viewer_id" = $1`, [
      viewer,
      newEnd,
    ]);
    await sweepTogether(new Date(at.getTime() + 2 * DAY));
    await sweepTogether(new Date(at.getTime() + 3 * DAY));
    expect(await remindersOf(viewer)).toHaveLength(1);
    await sweepTogether(new Date(at.getTime() + 92 * DAY));
    expect((await remindersOf(viewer)).map((r) => [r.kind, r.endsAt])).toEqual([
      ['3-days', endIn(3).toISOString()],
      ['3-days', newEnd.toISOString()],
    ]);
  });

  it('answers the header the end of the time held when it is near, and nothing otherwise', async () => {
    const ending = await hold('gold', new Date(Date.now() + 2 * DAY));
    const answer = await rpc.call(Subjects.billing.planEnding.get, { viewerId: ending });
    expect(answer.planEnding).toMatchObject({ planKey: 'gold', planName: 'Gold Plan' });
    expect([1, 2, 3]).toContain(answer.planEnding?.daysLeft);

    const queued = await hold('gold', new Date(Date.now() + DAY), {
      planKey: 'basic',
      validTill: new Date(Date.now() + 60 * DAY),
    });
    expect(await rpc.call(Subjects.billing.planEnding.get, { viewerId: queued })).toEqual({
      planEnding: null,
    });
    expect(await rpc.call(Subjects.billing.planEnding.get, { viewerId: randomUUID() })).toEqual({
      planEnding: null,
    });
  });
});
