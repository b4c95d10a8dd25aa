import { Injectable } from '@nestjs/common';
import type { DeviceClass, PaymentProviderName, PlanKey, PlanTerms } from '@chitram/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import type { OrderKind } from '../subscriptions/subscription-rules';

export type OrderStatus = 'created' | 'paid' | 'abandoned';

/** What an order sells besides its price, as the plan's terms were when it was made (D43). */
export type SoldTerms = Omit<PlanTerms, 'amount'>;

/** The terms a plan sells with now, as an order keeps them. */
export function soldTermsOf(
  plan: Omit<SoldTerms, 'devices'> & { devices: readonly DeviceClass[] },
): SoldTerms {
  return {
    validityMonths: plan.validityMonths,
    devices: [...plan.devices],
    maxResolution: plan.maxResolution,
    maxStreams: plan.maxStreams,
  };
}

/**
 * An order as billing stores it (D16: priced by the server). Amounts in paise. It keeps the terms it was
 * sold with (D43): a change of the plan's terms afterwards does not reach it.
 */
export interface StoredOrder {
  id: string;
  provider: PaymentProviderName;
  providerOrderId: string;
  viewerId: string | null;
  phoneNumber: string | null;
  planKey: PlanKey;
  amount: number;
  currency: 'INR';
  /** The viewer's state when the order was made (D32); null on orders made before tax invoices. */
  placeOfSupply: string | null;
  /** What buying the plan did when the order was priced (D38); null on older orders. */
  kind: OrderKind | null;
  /** The plan's price; `amount` is this less `credit`. */
  listPrice: number;
  /** Paise taken off for the unused days of `creditPlanKey` (upgrades only). */
  credit: number;
  creditPlanKey: PlanKey | null;
  /** Days of the new plan for credit its price could not take. */
  extraDays: number;
  /** Paise a coupon took off after the credit (D33); `amount` is listPrice − credit − discount. */
  discount: number;
  couponId: string | null;
  couponCode: string | null;
  terms: SoldTerms;
  status: OrderStatus;
  createdAt: Date;
}

interface OrderRow {
  id: string;
  provider: PaymentProviderName;
  provider_order_id: string;
  viewer_id: string | null;
  phone_number: string | null;
  plan_key: PlanKey;
  amount_paise: number;
  currency: 'INR';
  place_of_supply: string | null;
  kind: OrderKind | null;
  list_price_paise: number | null;
  credit_paise: number;
  credit_plan_key: PlanKey | null;
  extra_days: number;
  discount_paise: number;
  coupon_id: string | null;
  coupon_code: string | null;
  validity_months: number;
  devices: DeviceClass[];
  max_resolution: number;
  max_streams: number;
  status: OrderStatus;
  created_at: Date;
}

function toOrder(row: OrderRow): StoredOrder {
  return {
    id: row.id,
    provider: row.provider,
    providerOrderId: row.provider_order_id,
    viewerId: row.viewer_id,
    phoneNumber: row.phone_number,
    planKey: row.plan_key,
    amount: row.amount_paise,
    currency: row.currency,
    placeOfSupply: row.place_of_supply,
    kind: row.kind,
    listPrice: row.list_price_paise ?? row.amount_paise,
    credit: row.credit_paise,
    creditPlanKey: row.credit_plan_key,
    extraDays: row.extra_days,
    discount: row.discount_paise,
    couponId: row.coupon_id,
    couponCode: row.coupon_code,
    terms: {
      validityMonths: row.validity_months,
      devices: row.devices,
      maxResolution: row.max_resolution,
      maxStreams: row.max_streams,
    },
    status: row.status,
    createdAt: new Date(row.created_at),
  };
}

export type NewOrder = Omit<StoredOrder, 'id' | 'status' | 'createdAt'>;

@Injectable()
export class OrdersRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Holds the viewer's checkout to one at a time until the transaction ends (two taps make one order). */
  async lockViewer(manager: EntityManager, viewerId: string): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`order:${viewerId}`]);
  }

  /**
   * The viewer's newest open order for a plan, made within the last `seconds`, on this provider, for the
   * same place of supply (a state changed since makes a new order, invoiced where the viewer now is)
   * and the same price (a credit that changed since makes a new order) with the same coupon, or none.
   */
  async findOpen(
    manager: EntityManager,
    viewerId: string,
    planKey: PlanKey,
    provider: PaymentProviderName,
    placeOfSupply: string,
    amount: number,
    seconds: number,
    couponId: string | null,
    terms: SoldTerms,
  ): Promise<StoredOrder | undefined> {
    const rows: OrderRow[] = await manager.query(
      `SELECT * FROM "payment_order" WHERE "viewer_id" = $1 AND "plan_key" = $2 AND "provider" = $3
         AND "place_of_supply" = $4 AND "amount_paise" = $5 AND "coupon_id" IS NOT DISTINCT FROM $7
         AND "validity_months" = $8 AND "devices" = $9 AND "max_resolution" = $10 AND "max_streams" = $11
         AND "status" = 'created' AND "created_at" > now() - make_interval(secs => $6)
       ORDER BY "created_at" DESC LIMIT 1`,
      [
        viewerId,
        planKey,
        provider,
        placeOfSupply,
        amount,
        seconds,
        couponId,
        terms.validityMonths,
        terms.devices,
        terms.maxResolution,
        terms.maxStreams,
      ],
    );
    return rows[0] && toOrder(rows[0]);
  }

  async insert(manager: EntityManager, order: NewOrder): Promise<StoredOrder> {
    const rows: OrderRow[] = await manager.query(
      `INSERT INTO "payment_order" ("provider", "provider_order_id", "viewer_id", "phone_number", "plan_key",
         "amount_paise", "currency", "place_of_supply", "kind", "list_price_paise", "credit_paise",
         "credit_plan_key", "extra_days", "discount_paise", "coupon_id", "coupon_code", "validity_months",
         "devices", "max_resolution", "max_streams")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20)
       RETURNING *`,
      [
        order.provider,
        order.providerOrderId,
        order.viewerId,
        order.phoneNumber,
        order.planKey,
        order.amount,
        order.currency,
        order.placeOfSupply,
        order.kind,
        order.listPrice,
        order.credit,
        order.creditPlanKey,
        order.extraDays,
        order.discount,
        order.couponId,
        order.couponCode,
        order.terms.validityMonths,
        order.terms.devices,
        order.terms.maxResolution,
        order.terms.maxStreams,
      ],
    );
    return toOrder(rows[0]);
  }

  async byProviderId(providerOrderId: string): Promise<StoredOrder | undefined> {
    const rows: OrderRow[] = await this.dataSource.query(
      'SELECT * FROM "payment_order" WHERE "provider_order_id" = $1',
      [providerOrderId],
    );
    return rows[0] && toOrder(rows[0]);
  }

  /** The order, locked for this transaction: verification and webhooks of one order settle one at a time. */
  async lock(manager: EntityManager, id: string): Promise<StoredOrder> {
    const rows: OrderRow[] = await manager.query('SELECT * FROM "payment_order" WHERE "id" = $1 FOR UPDATE', [
      id,
    ]);
    return toOrder(rows[0]);
  }

  async markPaid(manager: EntityManager, id: string): Promise<void> {
    await manager.query(`UPDATE "payment_order" SET "status" = 'paid', "paid_at" = now() WHERE "id" = $1`, [
      id,
    ]);
  }

  /**
   * Claims up to `limit` orders open for longer than `afterSeconds` and not looked at within that time;
   * SKIP LOCKED lets several workers share them.
   */
  async claimPending(afterSeconds: number, limit: number): Promise<StoredOrder[]> {
    // TypeORM answers an UPDATE as [rows, count].
    const [rows]: [OrderRow[], number] = await this.dataSource.query(
      `UPDATE "payment_order" SET "checked_at" = now() WHERE "id" IN (
         SELECT "id" FROM "payment_order"
          WHERE "status" = 'created' AND "created_at" < now() - make_interval(secs => $1)
            AND ("checked_at" IS NULL OR "checked_at" < now() - make_interval(secs => $1))
          ORDER BY "created_at" LIMIT $2 FOR UPDATE SKIP LOCKED)
       RETURNING *`,
      [afterSeconds, limit],
    );
    return rows.map(toOrder);
  }

  /** Orders open for longer than `days` with nothing paid: nobody will pay them now. */
  async abandonOlderThan(days: number): Promise<number> {
    const [, count]: [unknown, number] = await this.dataSource.query(
      `UPDATE "payment_order" SET "status" = 'abandoned'
        WHERE "status" = 'created' AND "created_at" < now() - make_interval(days => $1)`,
      [days],
    );
    return count;
  }

  /** D25: the viewer's orders stay for the accounts, without who made them. */
  async anonymise(manager: EntityManager, viewerId: string): Promise<void> {
    await manager.query(
      `UPDATE "payment_order" SET "viewer_id" = NULL, "phone_number" = NULL, "anonymised_at" = now()
        WHERE "viewer_id" = $1`,
      [viewerId],
    );
  }
}
