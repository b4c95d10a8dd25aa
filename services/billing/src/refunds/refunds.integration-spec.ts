import { randomUUID } from 'node:crypto';
import {
  AUTOMATIC_REFUND_REASON,
  ErrorCode,
  Subjects,
  type PaymentConfirmation,
  type PlanKey,
} from '@chitram/contracts';
import { connectNats, RpcClient } from '@chitram/nest-kit';
import {
  isolatedEnv,
  recordedAbout,
  startTestService,
  testInfrastructure,
  type TestService,
} from '@chitram/test-helpers';
import type { NatsConnection } from 'nats';
import { monthInIndia } from '../reports/gst-report-rules';
import { billingService } from '../service';
import { FAKE_RAZORPAY, FakeRazorpay } from '../testing/fake-razorpay';
import { viewersStandIn } from '../testing/viewers-stand-in';
import { RefundsDueJob } from './refunds-due.job';

// Refunds (DECISIONS D39) end to end in the billing service, on real Postgres and NATS, with the real
// `razorpay` SDK asking a local stand-in of Razorpay's API for refunds, and the stand-in's webhooks.

const DAY_SECONDS = 86_400;

describe('refunds through Razorpay (the real SDK against a local stand-in)', () => {
  const isolation = isolatedEnv();
  const razorpay = new FakeRazorpay();
  const users = viewersStandIn();
  const admin = { adminId: randomUUID(), sessionId: randomUUID(), address: '203.0.113.9' };
  let usersService: TestService;
  let billing: TestService;
  let nats: NatsConnection;
  let rpc: RpcClient;
  let env: Record<string, string>;

  const newViewer = () => users.newViewer();
  const verify = (viewerId: string, planKey: PlanKey, confirmation: PaymentConfirmation) =>
    rpc.call(Subjects.billing.verifyPayment, { viewerId, planKey, ...confirmation });
  const deliver = (hook: { rawBody: Buffer; signature: string; eventId: string }) =>
    rpc.call(Subjects.billing.webhook, {
      rawBody: hook.rawBody.toString('base64'),
      signature: hook.signature,
      eventId: hook.eventId,
    });
  /** A viewer who bought a plan: billing's payment id and the provider's. */
  const paidViewer = async (planKey: PlanKey = 'standard') => {
    const viewerId = newViewer();
    const order = await rpc.call(Subjects.billing.createOrder, { viewerId, planKey });
    const { payment, confirmation } = razorpay.pay(order.orderId);
    await verify(viewerId, planKey, confirmation);
    const [history] = await rpc.call(Subjects.billing.payments, { viewerId });
    return { viewerId, paymentId: history._id, providerPaymentId: payment.id, orderId: order.orderId };
  };
  const refund = (paymentId: string, amount: number, reason = 'Viewer asked within the first week') =>
    rpc.call(Subjects.billing.refunds.refund, { paymentId, amount, reason, actor: admin });
  const validTill = async (viewerId: string) =>
    new Date(
      (
        await billing.dataSource.query(`SELECT "valid_till" FROM "subscription" WHERE "viewer_id" = $1`, [
          viewerId,
        ])
      )[0].valid_till,
    );
  const creditNotesOf = (paymentId: string) =>
    billing.dataSource.query(
      `SELECT n.* FROM "credit_note" n JOIN "receipt" r ON r."id" = n."receipt_id" WHERE r."payment_id" = $1`,
      [paymentId],
    );
  const refundRequests = (providerPaymentId: string) =>
    razorpay.requests.filter((r) => r === `POST /v1/payments/${providerPaymentId}/refund`).length;

  beforeAll(async () => {
    await razorpay.start();
    env = {
      ...isolation.env,
      PAYMENT_PROVIDER: 'razorpay',
      RAZORPAY_KEY_ID: FAKE_RAZORPAY.keyId,
      RAZORPAY_KEY_SECRET: FAKE_RAZORPAY.keySecret,
      RAZORPAY_WEBHOOK_SECRET: FAKE_RAZORPAY.webhookSecret,
      RAZORPAY_API_BASE_URL: razorpay.baseUrl,
      RECONCILE_AFTER_SECONDS: '3600',
      // The refunds-due job runs when a test asks (refundAll), not by itself in the middle of one.
      BILLING_SWEEP_SECONDS: '3600',
    };
    usersService = await startTestService(users.definition);
    billing = await startTestService(billingService, { env });
    nats = await connectNats(testInfrastructure().NATS_URL, 'billing-refunds-test');
    rpc = new RpcClient(nats, 10_000);
  });

  afterAll(async () => {
    await nats?.close();
    await billing?.destroy();
    await usersService?.destroy();
    await razorpay.stop();
    await isolation.cleanUp();
  });

  it('refunds in full through payments.refund; refund.processed delivered twice issues one credit note and ends the plan', async () => {
    razorpay.refundAnswer = 'pending';
    const { viewerId, paymentId, providerPaymentId } = await paidViewer('standard');
    expect((await rpc.call(Subjects.billing.entitlement, { viewerId })).isSubscribed).toBe(true);

    const asked = await refund(paymentId, 29900);
    expect(asked).toMatchObject({ status: 'pending', amount: 29900, origin: 'admin', creditNote: null });
    expect(asked.providerRefundId).toMatch(/^rfnd_/);
    // The SDK asked the stand-in, which holds the refund with billing's id in its notes.
    const atRazorpay = razorpay.refunds.get(asked.providerRefundId!)!;
    expect(atRazorpay).toMatchObject({
      payment_id: providerPaymentId,
      amount: 29900,
      notes: { refund_id: asked._id },
    });
    expect(await creditNotesOf(paymentId)).toHaveLength(0);
    // The audit trail names the admin who asked, with the amount and the reason.
    expect(await recordedAbout(billing.dataSource, paymentId)).toEqual([
      expect.objectContaining({
        actor: admin,
        action: 'refunded',
        entity: { type: 'payment', id: paymentId, label: providerPaymentId },
        changes: expect.arrayContaining([
          { field: 'amount', before: null, after: 29900 },
          { field: 'reason', before: null, after: 'Viewer asked within the first week' },
        ]),
      }),
    ]);

    razorpay.settleRefund(atRazorpay.id, 'processed');
    const hook = razorpay.refundWebhook('refund.processed', atRazorpay.id);
    // Razorpay retries (the same event id) and may send the event again under another id: one credit note.
    const answers = await Promise.all([
      deliver(hook),
      deliver(hook),
      deliver(razorpay.refundWebhook('refund.processed', atRazorpay.id)),
    ]);
    expect(answers.filter((a) => a.handled).length).toBeGreaterThanOrEqual(1);
    const notes = await creditNotesOf(paymentId);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ amount_paise: 29900, reason: 'Viewer asked within the first week' });
    expect(notes[0].number).toMatch(/^CN\/\d{4}-\d{2}\/\d{6}$/);

    // A full refund ends the plan; the viewer's history shows the refund and its credit note.
    expect((await rpc.call(Subjects.billing.entitlement, { viewerId })).isSubscribed).toBe(false);
    const [payment] = await rpc.call(Subjects.billing.payments, { viewerId });
    expect(payment).toMatchObject({
      refunded: 29900,
      creditNotes: [{ _id: notes[0].id, number: notes[0].number, amount: 29900 }],
    });
    const pdf = await rpc.call(Subjects.billing.refunds.creditNotePdf, {
      viewerId,
      creditNoteId: notes[0].id,
    });
    expect(Buffer.from(pdf.pdf, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    // Nothing is left to refund, at Razorpay or here.
    await expect(refund(paymentId, 100)).rejects.toMatchObject({ code: ErrorCode.REFUND_EXCEEDS_PAYMENT });
  });

  it('partial refunds shorten the plan in proportion and, asked at once, never exceed the payment', async () => {
    razorpay.refundAnswer = 'processed';
    const { viewerId, paymentId } = await paidViewer('standard');
    const period = (
      await billing.dataSource.query(
        `SELECT floor(extract(epoch FROM "valid_till" - "valid_from"))::int AS "seconds" FROM "subscription_period" p
           JOIN "payment" y ON y."id" = p."payment_id" WHERE y."id" = $1`,
        [paymentId],
      )
    )[0].seconds as number;
    const before = await validTill(viewerId);

    const first = await refund(paymentId, 10000, 'Poor quality for two weeks');
    expect(first.status).toBe('processed');
    expect(first.creditNote?.number).toMatch(/^CN\//);
    const taken = Math.floor((period * 10000) / 29900);
    expect((before.getTime() - (await validTill(viewerId)).getTime()) / 1000).toBe(taken);
    expect(first.daysTakenBack).toBeCloseTo(taken / DAY_SECONDS, 1);

    // Five refunds of ₹100 at once against ₹199 left: one goes through, the rest are refused before Razorpay.
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => refund(paymentId, 10000)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((r): r is PromiseRejectedResult => r.status === 'rejected'))
      expect(r.reason).toMatchObject({ code: ErrorCode.REFUND_EXCEEDS_PAYMENT });
    const sums = (
      await billing.dataSource.query(
        `SELECT (SELECT sum("amount_paise") FROM "refund" WHERE "payment_id" = $1 AND "status" = 'processed')::int AS "refunded",
                (SELECT sum(n."amount_paise") FROM "credit_note" n JOIN "receipt" r ON r."id" = n."receipt_id" WHERE r."payment_id" = $1)::int AS "noted",
                (SELECT "refund_held_paise" FROM "payment" WHERE "id" = $1) AS "held"`,
        [paymentId],
      )
    )[0];
    expect(sums).toEqual({ refunded: 20000, noted: 20000, held: 20000 });
    // The rest, 9900 paise, in one last refund: the plan loses all the time the payment bought.
    await refund(paymentId, 9900);
    expect((before.getTime() - (await validTill(viewerId)).getTime()) / 1000).toBeGreaterThanOrEqual(
      Math.min(period, (before.getTime() - Date.now()) / 1000) - 2,
    );
    expect((await rpc.call(Subjects.billing.entitlement, { viewerId })).isSubscribed).toBe(false);
    await expect(refund(paymentId, 100)).rejects.toMatchObject({ code: ErrorCode.REFUND_EXCEEDS_PAYMENT });
  });

  it('a refund Razorpay fails gives its amount back, and refunds asked for too much or wrongly are refused with a code', async () => {
    razorpay.refundAnswer = 'pending';
    const { viewerId, paymentId } = await paidViewer('basic');
    const before = await validTill(viewerId);
    const asked = await refund(paymentId, 9900);
    razorpay.settleRefund(asked.providerRefundId!, 'failed');
    await deliver(razorpay.refundWebhook('refund.failed', asked.providerRefundId!));
    const page = await rpc.call(Subjects.billing.refunds.payments, { viewerId });
    expect(page.payments[0]).toMatchObject({
      refundable: 9900,
      refunded: 0,
      refunds: [{ status: 'failed' }],
    });
    expect(await validTill(viewerId)).toEqual(before);
    expect(await creditNotesOf(paymentId)).toHaveLength(0);

    await expect(refund(paymentId, 9901)).rejects.toMatchObject({ code: ErrorCode.REFUND_EXCEEDS_PAYMENT });
    await expect(refund(paymentId, 50)).rejects.toMatchObject({ code: ErrorCode.VALIDATION_FAILED });
    await expect(refund(randomUUID(), 100)).rejects.toMatchObject({ code: ErrorCode.NOT_FOUND });
    // Refused, nothing reaches the trail: only the one refund asked above.
    expect(await recordedAbout(billing.dataSource, paymentId)).toHaveLength(1);
    await expect(
      rpc.call(Subjects.billing.refunds.refund, { paymentId, amount: 100, reason: '', actor: admin }),
    ).rejects.toMatchObject({ code: ErrorCode.VALIDATION_FAILED });
  });

  it('refunds a payment marked refund due once, even with two billing instances at it together', async () => {
    razorpay.refundAnswer = 'processed';
    const { viewerId, orderId } = await paidViewer('standard');
    // The viewer pays the same order again in another tab: that payment bought nothing (D18).
    const second = razorpay.pay(orderId);
    await deliver(razorpay.webhook('payment.captured', second.payment.id));
    const due = (
      await billing.dataSource.query(
        `SELECT "id" FROM "payment" WHERE "provider_payment_id" = $1 AND "refund_due"`,
        [second.payment.id],
      )
    )[0].id as string;

    const other = await startTestService(billingService, { env, database: billing.database });
    try {
      await Promise.all([
        billing.app.get(RefundsDueJob).refundAll(),
        other.app.get(RefundsDueJob).refundAll(),
        billing.app.get(RefundsDueJob).refundAll(),
        other.app.get(RefundsDueJob).refundAll(),
      ]);
    } finally {
      await other.close();
    }
    expect(refundRequests(second.payment.id)).toBe(1);
    const rows = await billing.dataSource.query(`SELECT * FROM "refund" WHERE "payment_id" = $1`, [due]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      origin: 'automatic',
      status: 'processed',
      amount_paise: 29900,
      reason: AUTOMATIC_REFUND_REASON,
    });
    // It bought nothing, so it has no invoice to credit and takes no time from the plan the first payment bought.
    expect(rows[0].credit_note_id).toBeNull();
    expect((await rpc.call(Subjects.billing.entitlement, { viewerId })).isSubscribed).toBe(true);
    // A later run finds nothing more to refund.
    expect(await billing.app.get(RefundsDueJob).refundAll()).toBe(0);
    expect(refundRequests(second.payment.id)).toBe(1);
  });

  it("the month's GST summary and invoice register add up to its invoices less its credit notes, to the paisa", async () => {
    razorpay.refundAnswer = 'processed';
    const intra = await paidViewer('gold');
    const viewerElsewhere = newViewer();
    const order = await rpc.call(Subjects.billing.createOrder, {
      viewerId: viewerElsewhere,
      planKey: 'premium',
      stateCode: '27',
    });
    await verify(viewerElsewhere, 'premium', razorpay.pay(order.orderId).confirmation);
    const [elsewhere] = await rpc.call(Subjects.billing.payments, { viewerId: viewerElsewhere });
    await refund(intra.paymentId, 33333, 'Partial refund, odd paise');
    await refund(elsewhere._id, 12345, 'Partial refund between states');

    const now = new Date(Date.now() + 5.5 * 3600_000);
    const month = now.toISOString().slice(0, 7);
    const { from, to } = monthInIndia(month);
    const expected = (
      await billing.dataSource.query(
        `SELECT (SELECT coalesce(sum("taxable_paise"), 0) FROM "receipt" WHERE "issued_at" >= $1 AND "issued_at" < $2)
              - (SELECT coalesce(sum("taxable_paise"), 0) FROM "credit_note" WHERE "issued_at" >= $1 AND "issued_at" < $2) AS "taxable",
                (SELECT coalesce(sum("amount_paise"), 0) FROM "receipt" WHERE "issued_at" >= $1 AND "issued_at" < $2)
              - (SELECT coalesce(sum("amount_paise"), 0) FROM "credit_note" WHERE "issued_at" >= $1 AND "issued_at" < $2) AS "total",
                (SELECT coalesce(sum("igst_paise"), 0) FROM "receipt" WHERE "issued_at" >= $1 AND "issued_at" < $2)
              - (SELECT coalesce(sum("igst_paise"), 0) FROM "credit_note" WHERE "issued_at" >= $1 AND "issued_at" < $2) AS "igst",
                (SELECT count(*) FROM "receipt" WHERE "issued_at" >= $1 AND "issued_at" < $2) AS "invoices",
                (SELECT count(*) FROM "credit_note" WHERE "issued_at" >= $1 AND "issued_at" < $2) AS "notes"`,
        [from, to],
      )
    )[0];
    const paise = (rupees: string) => Math.round(Number(rupees) * 100);

    const summary = await rpc.call(Subjects.billing.gstReports.summary, { month });
    expect(summary.fileName).toBe(`gst-summary-${month}.csv`);
    const lines = summary.csv
      .trim()
      .split('\r\n')
      .map((line) => line.split(','));
    expect(lines[0]).toEqual([
      'Month',
      'Type',
      'Place of supply code',
      'Place of supply',
      'Rate %',
      'Taxable value',
      'CGST',
      'SGST/UTGST',
      'IGST',
      'Total',
      'Invoices',
      'Credit notes',
    ]);
    const body = lines.slice(1, -1);
    const total = lines[lines.length - 1];
    expect(body.map((l) => l[2])).toEqual(expect.arrayContaining(['36', '27']));
    expect(body.find((l) => l[2] === '27')).toEqual(expect.arrayContaining(['Maharashtra', '18']));
    expect(paise(total[5])).toBe(Number(expected.taxable));
    expect(paise(total[8])).toBe(Number(expected.igst));
    expect(paise(total[9])).toBe(Number(expected.total));
    expect(body.reduce((sum, l) => sum + paise(l[9]), 0)).toBe(Number(expected.total));
    expect(body.reduce((sum, l) => sum + paise(l[5]) + paise(l[6]) + paise(l[7]) + paise(l[8]), 0)).toBe(
      Number(expected.total),
    );
    expect([Number(total[10]), Number(total[11])]).toEqual([
      Number(expected.invoices),
      Number(expected.notes),
    ]);

    const register = await rpc.call(Subjects.billing.gstReports.register, { month });
    const rows = register.csv
      .trim()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(','));
    expect(rows.filter((r) => r[0] === 'Tax invoice')).toHaveLength(Number(expected.invoices));
    expect(rows.filter((r) => r[0] === 'Credit note')).toHaveLength(Number(expected.notes));
    expect(rows.reduce((sum, r) => sum + paise(r[11]), 0)).toBe(Number(expected.total));
    const note = rows.find((r) => r[12] === 'Partial refund between states')!;
    expect(note).toEqual(expect.arrayContaining(['Credit note', '27', '-123.45']));

    await expect(rpc.call(Subjects.billing.gstReports.summary, { month: '2026-13' })).rejects.toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
    });
  });
});
