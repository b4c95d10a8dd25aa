import { randomUUID } from 'node:crypto';
import { ErrorCode, Subjects, type PlanKey, type SchedulePlanTermsBody } from '@chitram/contracts';
import { connectNats, RpcClient } from '@chitram/nest-kit';
import {
  isolatedEnv,
  recordedAbout,
  startTestService,
  testInfrastructure,
  waitFor,
  type TestService,
} from '@chitram/test-helpers';
import type { NatsConnection } from 'nats';
import { billingService } from '../service';
import { viewersStandIn } from '../testing/viewers-stand-in';
import { PlansService } from './plans.service';

// Plans the business can change (DECISIONS D43), on real Postgres and NATS: two billing instances on one
// database, paying through the sandbox provider.

const DAY = 86_400_000;
const planTerms = Subjects.billing.planTerms;

describe('plan terms finance can change (D43)', () => {
  const isolation = isolatedEnv();
  const users = viewersStandIn();
  const actor = { adminId: randomUUID(), sessionId: randomUUID() };
  let usersService: TestService;
  let first: TestService;
  let second: TestService;
  let nats: NatsConnection;
  let rpc: RpcClient;
  let env: Record<string, string>;

  const newViewer = () => users.newViewer();
  const terms = (planKey: PlanKey, change: Partial<SchedulePlanTermsBody>) => ({
    planKey,
    price: '99',
    validityMonths: 3,
    devices: ['mobile' as const],
    maxResolution: 720,
    maxStreams: 1,
    effectiveFrom: 'now',
    ...change,
    actor,
  });
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => 'accepted',
      (error: { code?: string }) => error.code,
    );
  const plan = async (planKey: PlanKey) =>
    (await rpc.call(Subjects.billing.listPlans, {})).find((p) => p.planKey === planKey)!;
  const buy = async (viewerId: string, orderId: string, planKey: PlanKey) => {
    const confirmation = await rpc.call(Subjects.billing.sandboxPay, { viewerId, orderId });
    return rpc.call(Subjects.billing.verifyPayment, { viewerId, planKey, ...confirmation });
  };
  /** Whole days the viewer's latest period lasts. */
  const periodDays = async (viewerId: string) => {
    const rows: Array<{ days: number }> = await first.dataSource.query(
      `SELECT round(extract(epoch FROM "valid_till" - "valid_from") / 86400)::int AS "days"
         FROM "subscription_period" WHERE "viewer_id" = $1 ORDER BY "created_at" DESC LIMIT 1`,
      [viewerId],
    );
    return rows[0].days;
  };

  beforeAll(async () => {
    env = { ...isolation.env, PAYMENT_PROVIDER: 'sandbox', SANDBOX_WEBHOOK_DELAY_MS: '600000' };
    usersService = await startTestService(users.definition);
    first = await startTestService(billingService, { env });
    second = await startTestService(billingService, { env, database: first.database });
    nats = await connectNats(testInfrastructure().NATS_URL, 'plan-terms-test');
    rpc = new RpcClient(nats, 10_000);
  });

  afterAll(async () => {
    await nats?.close();
    await second?.close();
    await first?.destroy();
    await usersService?.destroy();
    await isolation.cleanUp();
  });

  it('shows a change effective tomorrow ahead of its date, and today’s orders keep today’s price', async () => {
    const tomorrow = new Date(Date.now() + DAY).toISOString();
    const view = await rpc.call(
      planTerms.schedule,
      terms('basic', { price: '149.50', effectiveFrom: tomorrow }),
    );
    expect(view).toMatchObject({
      planKey: 'basic',
      current: { amount: 9900, createdBy: null },
      scheduled: [{ amount: 14950, effectiveFrom: tomorrow, createdBy: actor.adminId }],
    });
    expect(await plan('basic')).toMatchObject({
      amount: 9900,
      price: '99',
      upcoming: { amount: 14950, effectiveFrom: tomorrow, devices: ['mobile'] },
    });
    const order = await rpc.call(Subjects.billing.createOrder, { viewerId: newViewer(), planKey: 'basic' });
    expect(order.amount).toBe(9900);

    // The audit trail has it, with the terms it follows.
    const [entry] = await recordedAbout(first.dataSource, 'basic');
    expect(entry).toMatchObject({
      action: 'plan-change-scheduled',
      entity: { type: 'plan', id: 'basic', label: 'Basic Plan' },
    });

    // Cancelled before its date, it is gone from the plans page; a second cancel finds nothing.
    const changeId = view.scheduled[0]._id;
    expect((await rpc.call(planTerms.cancel, { planKey: 'basic', changeId, actor })).scheduled).toEqual([]);
    expect((await plan('basic')).upcoming).toBeNull();
    expect(await refusal(rpc.call(planTerms.cancel, { planKey: 'basic', changeId, actor }))).toBe(
      ErrorCode.NOT_FOUND,
    );
  });

  it('lists a change scheduled seconds ahead as upcoming, then in force from its moment, on both instances', async () => {
    // Far enough ahead that both instances are seen listing it as upcoming first, even on a busy machine.
    const moment = new Date(Date.now() + 6_000).toISOString();
    // Both instances list the plans first (each keeps the list it sent until something changes).
    for (const instance of [first, second])
      expect(await instance.app.get(PlansService).listJson()).toBeDefined();
    await rpc.call(planTerms.schedule, terms('gold', { price: '1250', effectiveFrom: moment }));
    const listed = async (instance: TestService) =>
      JSON.parse((await instance.app.get(PlansService).listJson()).text) as Array<{
        planKey: string;
        amount: number;
        upcoming: { amount: number } | null;
      }>;
    const gold = async (instance: TestService) => (await listed(instance)).find((p) => p.planKey === 'gold')!;
    // The instance that scheduled it reads the terms again at once; the other when it hears the change.
    for (const instance of [first, second])
      await waitFor(async () => (await gold(instance)).upcoming?.amount === 125000);
    expect(Date.now()).toBeLessThan(Date.parse(moment));
    for (const instance of [first, second])
      expect(await gold(instance)).toMatchObject({ amount: 120000, upcoming: { amount: 125000 } });

    await new Promise((resolve) => setTimeout(resolve, Date.parse(moment) - Date.now() + 50));
    for (const instance of [first, second])
      expect(await gold(instance)).toMatchObject({ amount: 125000, upcoming: null });
    expect((await plan('gold')).amount).toBe(125000);
  });
  it('refuses bad terms with their codes, and a change in the past', async () => {
    const past = new Date(Date.now() - DAY).toISOString();
    expect(await refusal(rpc.call(planTerms.schedule, terms('basic', { effectiveFrom: past })))).toBe(
      ErrorCode.PLAN_CHANGE_IN_PAST,
    );
    for (const bad of [
      { price: '0' },
      { price: '-5' },
      { price: '99.999' },
      { devices: [] },
      { devices: ['fridge' as 'tv'] },
      { maxResolution: 1000 },
      { maxStreams: 11 },
      { maxStreams: 0 },
      { validityMonths: 0 },
      { effectiveFrom: 'tomorrow' },
    ])
      expect([bad, await refusal(rpc.call(planTerms.schedule, terms('basic', bad)))]).toEqual([
        bad,
        ErrorCode.VALIDATION_FAILED,
      ]);
    // A change that has taken effect cannot be cancelled.
    const { current } = (await rpc.call(planTerms.list, {})).find((p) => p.planKey === 'basic')!;
    expect(
      await refusal(rpc.call(planTerms.cancel, { planKey: 'basic', changeId: current._id, actor })),
    ).toBe(ErrorCode.PLAN_CHANGE_STARTED);
  });

  it('prices new orders at once from a change effective now; an order made before keeps its price and terms, and the other instance sees the change', async () => {
    const before = newViewer();
    const earlier = await rpc.call(Subjects.billing.createOrder, { viewerId: before, planKey: 'premium' });
    expect(earlier.amount).toBe(99900);

    // Made on the first instance, heard on the second at once (not after its refresh time).
    await first.app.get(PlansService).schedule(
      terms('premium', {
        price: '1099',
        validityMonths: 3,
        devices: ['mobile', 'website'],
        maxResolution: 1080,
        maxStreams: 2,
      }),
    );
    await waitFor(async () => (await second.app.get(PlansService).get('premium')).amount === 109900);

    // The plans page words the new terms, not the plan table's: SPEC §3's fields follow them.
    expect(await second.app.get(PlansService).get('premium')).toMatchObject({
      quality: 'Full HD 1080p',
      device: 'Mobile & Website',
      month: '3 month',
    });

    const after = newViewer();
    const later = await rpc.call(Subjects.billing.createOrder, { viewerId: after, planKey: 'premium' });
    expect(later.amount).toBe(109900);
    // Each order tells the checkout what it sells (the success page lists those devices).
    expect(earlier.terms).toEqual({
      validityMonths: 6,
      devices: ['mobile', 'website', 'tab', 'tv'],
      maxResolution: 1440,
      maxStreams: 3,
    });
    expect(later.terms.devices).toEqual(['mobile', 'website']);

    // The earlier order is paid at its price and gets what it was sold: six months, four devices, 2K.
    expect(await buy(before, earlier.orderId, 'premium')).toMatchObject({ isSubscribed: true });
    expect(await rpc.call(Subjects.billing.entitlement, { viewerId: before })).toMatchObject({
      devices: ['mobile', 'website', 'tab', 'tv'],
      maxResolution: 1440,
      maxStreams: 3,
    });
    expect(await periodDays(before)).toBeGreaterThanOrEqual(181);

    expect(await buy(after, later.orderId, 'premium')).toMatchObject({ isSubscribed: true });
    expect(await rpc.call(Subjects.billing.entitlement, { viewerId: after })).toMatchObject({
      devices: ['mobile', 'website'],
      maxResolution: 1080,
      maxStreams: 2,
    });
    expect(await periodDays(after)).toBeLessThanOrEqual(92);
    const receipts: Array<{ viewer_id: string; amount_paise: number }> = await first.dataSource.query(
      `SELECT "viewer_id", "amount_paise" FROM "receipt" WHERE "viewer_id" = ANY($1) ORDER BY "issued_at"`,
      [[before, after]],
    );
    expect(receipts).toEqual([
      { viewer_id: before, amount_paise: 99900 },
      { viewer_id: after, amount_paise: 109900 },
    ]);
  });

  it('seeds the plan table on a first start only: a restart keeps finance’s change', async () => {
    await rpc.call(planTerms.schedule, terms('standard', { price: '349', devices: ['mobile', 'website'] }));
    const restarted = await startTestService(billingService, { env, database: first.database });
    try {
      expect(await restarted.app.get(PlansService).get('standard')).toMatchObject({
        amount: 34900,
        price: '349',
      });
      expect(await plan('standard')).toMatchObject({ amount: 34900 });
      const versions: Array<{ n: number }> = await first.dataSource.query(
        `SELECT count(*)::int AS "n" FROM "plan_terms" WHERE "plan_key" = 'standard'`,
      );
      expect(versions[0].n).toBe(2);
    } finally {
      await restarted.close();
    }
  });
});
