import { Injectable } from '@nestjs/common';
import {
  indiaDayOf,
  maskPhoneNumber,
  type BillingFigures,
  type LatestPayment,
  type PlanKey,
  type PlanSubscribers,
  type SubscriptionChangeKind,
  type SubscriptionPeriodView,
  type ViewerPlan,
} from '@chitram/contracts';
import { DataSource } from 'typeorm';

/** Payments listed on the dashboard. */
const LATEST_PAYMENTS = 10;
/** Revenue is what was captured and kept: a payment owed back (a second one for a paid order) is not. */
const REVENUE = `"status" = 'captured' AND NOT "refund_due"`;

const iso = (at: Date | string) => new Date(at).toISOString();

/** A payment as the dashboard's list reads it (from JSON: its moment is text). */
interface LatestPaymentRow {
  id: string;
  provider_payment_id: string;
  amount_paise: number;
  plan_key: PlanKey;
  plan_name: string;
  at: string;
  viewer_id: string | null;
  phone_number: string | null;
  refund_due: boolean;
}

const toLatestPayment = (r: LatestPaymentRow): LatestPayment => ({
  _id: r.id,
  paymentId: r.provider_payment_id,
  amount: r.amount_paise,
  planKey: r.plan_key,
  planName: r.plan_name,
  at: iso(r.at),
  viewerId: r.viewer_id,
  // An anonymised payment shows no number, even if its order were somehow still holding one.
  maskedPhoneNumber: r.viewer_id && r.phone_number ? maskPhoneNumber(r.phone_number) : null,
  refundDue: r.refund_due,
});

/** The back office's reads of billing (DECISIONS D13, D25): figures for the dashboard, a viewer's history. */
@Injectable()
export class BillingReportsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * The dashboard's money figures in one statement:
   * - running plans per plan, every plan listed (with 0) in the plan table's order: those that run out
   *   after today from the tally the database keeps by day, today's few from the subscriptions;
   * - today's revenue from today's payments, as they are now; the days before from the per-day
   *   aggregates (DECISIONS D12), all time from their running total, so no visit adds up every
   *   payment or every day ever;
   * - the latest payments.
   */
  async figures(windows: { today: Date; last30Days: Date }): Promise<BillingFigures> {
    const utcToday = `(now() AT TIME ZONE 'UTC')::date`;
    // Sums of paise may pass 2^31: bigint, which the driver answers as text.
    const [row]: Array<{
      by_plan: Array<{ planKey: PlanKey; planName: string; subscribers: number }>;
      today: string;
      before_30_days: string;
      before_all: string;
      latest: LatestPaymentRow[];
    }> = await this.dataSource.query(
      `WITH running AS (
         SELECT "plan_key", "subscriptions" AS "n" FROM "running_plan_tally" WHERE "till_day" > ${utcToday}
         UNION ALL
         SELECT "plan_key", 1 FROM "subscription"
          WHERE "valid_till" > now() AND "valid_till" < ((${utcToday} + 1)::timestamp AT TIME ZONE 'UTC'))
       SELECT (SELECT json_agg(json_build_object('planKey', p."plan_key", 'planName', p."name",
                 'subscribers', (SELECT coalesce(sum(r."n"), 0) FROM running r WHERE r."plan_key" = p."plan_key"))
                 ORDER BY p."position") FROM "plan" p) AS "by_plan",
              (SELECT coalesce(sum("amount_paise"), 0) FROM "payment" WHERE ${REVENUE} AND "at" >= $1)::bigint AS "today",
              (SELECT coalesce(sum("revenue_paise"), 0) FROM "revenue_day"
                WHERE "day" >= $3::date AND "day" < $2::date)::bigint AS "before_30_days",
              ((SELECT "revenue_paise" FROM "revenue_total")
                - (SELECT coalesce(sum("revenue_paise"), 0) FROM "revenue_day" WHERE "day" >= $2::date))::bigint AS "before_all",
              (SELECT coalesce(json_agg(l ORDER BY l."at" DESC, l."id"), '[]') FROM (
                 SELECT p."id", p."provider_payment_id", p."amount_paise", o."plan_key", pl."name" AS "plan_name", p."at",
                        p."viewer_id", o."phone_number", p."refund_due"
                   FROM "payment" p
                   JOIN "payment_order" o ON o."id" = p."order_id"
                   JOIN "plan" pl ON pl."plan_key" = o."plan_key"
                  WHERE p."status" = 'captured'
                  ORDER BY p."at" DESC, p."id" LIMIT ${LATEST_PAYMENTS}) l) AS "latest"`,
      [windows.today, indiaDayOf(windows.today), indiaDayOf(windows.last30Days)],
    );
    const today = Number(row.today);
    const byPlan: PlanSubscribers[] = row.by_plan.map((p) => ({ ...p, subscribers: Number(p.subscribers) }));
    return {
      activeSubscribers: { total: byPlan.reduce((sum, plan) => sum + plan.subscribers, 0), byPlan },
      revenue: {
        today,
        last30Days: today + Number(row.before_30_days),
        allTime: today + Number(row.before_all),
      },
      latestPayments: row.latest.map(toLatestPayment),
    };
  }

  /** Each viewer's latest validity (running or run out); viewers who never bought a plan are absent. */
  async plansOf(viewerIds: string[]): Promise<ViewerPlan[]> {
    if (!viewerIds.length) return [];
    const rows: Array<{
      viewer_id: string;
      plan_key: PlanKey;
      name: string;
      valid_till: Date;
      active: boolean;
    }> = await this.dataSource.query(
      `SELECT s."viewer_id", s."plan_key", p."name", s."valid_till", s."valid_till" > now() AS "active"
           FROM "subscription" s JOIN "plan" p ON p."plan_key" = s."plan_key"
          WHERE s."viewer_id" = ANY($1::uuid[])`,
      [viewerIds],
    );
    return rows.map((r) => ({
      viewerId: r.viewer_id,
      planKey: r.plan_key,
      planName: r.name,
      validTill: iso(r.valid_till),
      active: r.active,
    }));
  }

  /** What each of the viewer's payments bought, newest first, with the payment's receipt. */
  async periods(viewerId: string): Promise<SubscriptionPeriodView[]> {
    const rows: Array<{
      id: string;
      plan_key: PlanKey;
      name: string;
      change: SubscriptionChangeKind;
      valid_from: Date;
      valid_till: Date;
      created_at: Date;
      provider_payment_id: string;
      receipt_number: string | null;
    }> = await this.dataSource.query(
      `SELECT sp."id", sp."plan_key", pl."name", sp."change", sp."valid_from", sp."valid_till", sp."created_at",
              pay."provider_payment_id", r."number" AS "receipt_number"
         FROM "subscription_period" sp
         JOIN "plan" pl ON pl."plan_key" = sp."plan_key"
         JOIN "payment" pay ON pay."id" = sp."payment_id"
         LEFT JOIN "receipt" r ON r."payment_id" = sp."payment_id"
        WHERE sp."viewer_id" = $1
        ORDER BY sp."created_at" DESC, sp."id"`,
      [viewerId],
    );
    return rows.map((r) => ({
      _id: r.id,
      planKey: r.plan_key,
      planName: r.name,
      change: r.change,
      validFrom: iso(r.valid_from),
      validTill: iso(r.valid_till),
      at: iso(r.created_at),
      paymentId: r.provider_payment_id,
      receiptNumber: r.receipt_number,
    }));
  }
}
