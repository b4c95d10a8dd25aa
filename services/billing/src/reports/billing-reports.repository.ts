import { Injectable } from '@nestjs/common';
import {
  indiaDayOf,
  type LatestPayment,
  type PlanKey,
  type PlanSubscribers,
  type RevenueFigures,
  type SubscriptionChangeKind,
  type SubscriptionPeriodView,
  type ViewerPlan,
} from '@chitram/contracts';
import { DataSource } from 'typeorm';
import { maskPhoneNumber } from './masked-phone';

/** Payments listed on the dashboard. */
const LATEST_PAYMENTS = 10;
/** Revenue is what was captured and kept: a payment owed back (a second one for a paid order) is not. */
const REVENUE = `"status" = 'captured' AND NOT "refund_due"`;

const iso = (at: Date) => new Date(at).toISOString();

/** The back office's reads of billing (DECISIONS D13, D25): figures for the dashboard, a viewer's history. */
@Injectable()
export class BillingReportsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Running plans per plan, every plan listed (with 0) in the plan table's order. */
  async activeSubscribers(): Promise<PlanSubscribers[]> {
    const rows: Array<{ plan_key: PlanKey; name: string; subscribers: number }> = await this.dataSource.query(
      `SELECT p."plan_key", p."name", coalesce(running."subscribers", 0)::int AS "subscribers"
         FROM "plan" p
         LEFT JOIN (SELECT "plan_key", count(*) AS "subscribers" FROM "subscription"
                     WHERE "valid_till" > now() GROUP BY "plan_key") running ON running."plan_key" = p."plan_key"
        ORDER BY p."position"`,
    );
    return rows.map((r) => ({ planKey: r.plan_key, planName: r.name, subscribers: r.subscribers }));
  }

  /**
   * Today's revenue from today's payments, as they are now; the days before from the per-day aggregates
   * (DECISIONS D12), so the dashboard does not add up every payment ever made on each visit.
   */
  async revenue(windows: { today: Date; last30Days: Date }): Promise<RevenueFigures> {
    // Sums of paise may pass 2^31: bigint, which the driver answers as text.
    const [row]: Array<{ today: string; before_30_days: string; before_all: string }> =
      await this.dataSource.query(
        `SELECT (SELECT coalesce(sum("amount_paise"), 0) FROM "payment" WHERE ${REVENUE} AND "at" >= $1)::bigint AS "today",
                coalesce(sum("revenue_paise") FILTER (WHERE "day" >= $3::date), 0)::bigint AS "before_30_days",
                coalesce(sum("revenue_paise"), 0)::bigint AS "before_all"
           FROM "revenue_day" WHERE "day" < $2::date`,
        [windows.today, indiaDayOf(windows.today), indiaDayOf(windows.last30Days)],
      );
    const today = Number(row.today);
    return {
      today,
      last30Days: today + Number(row.before_30_days),
      allTime: today + Number(row.before_all),
    };
  }

  async latestPayments(): Promise<LatestPayment[]> {
    const rows: Array<{
      id: string;
      provider_payment_id: string;
      amount_paise: number;
      plan_key: PlanKey;
      plan_name: string;
      at: Date;
      viewer_id: string | null;
      phone_number: string | null;
      refund_due: boolean;
    }> = await this.dataSource.query(
      `SELECT p."id", p."provider_payment_id", p."amount_paise", o."plan_key", pl."name" AS "plan_name", p."at",
              p."viewer_id", o."phone_number", p."refund_due"
         FROM "payment" p
         JOIN "payment_order" o ON o."id" = p."order_id"
         JOIN "plan" pl ON pl."plan_key" = o."plan_key"
        WHERE p."status" = 'captured'
        ORDER BY p."at" DESC, p."id" LIMIT ${LATEST_PAYMENTS}`,
    );
    return rows.map((r) => ({
      _id: r.id,
      paymentId: r.provider_payment_id,
      amount: r.amount_paise,
      planKey: r.plan_key,
      planName: r.plan_name,
      at: iso(r.at),
      viewerId: r.viewer_id,
      // An anonymised payment shows no number, even if its order were somehow still holding one.
      maskedPhoneNumber: r.viewer_id ? maskPhoneNumber(r.phone_number) : null,
      refundDue: r.refund_due,
    }));
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
