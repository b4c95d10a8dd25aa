import { Injectable } from '@nestjs/common';
import type { CouponKind, CouponView, PlanKey } from '@chitram/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import type { CouponTerms } from './coupon-rules';

/** A coupon as billing keeps it (D33). */
export interface StoredCoupon extends CouponTerms {
  id: string;
  code: string;
}

export interface NewCoupon extends Omit<CouponTerms, 'disabled'> {
  code: string;
  createdBy: string;
}

interface CouponRow {
  id: string;
  code: string;
  kind: CouponKind;
  percent: number | null;
  amount_paise: number | null;
  plan_keys: PlanKey[];
  valid_from: Date;
  valid_till: Date | null;
  max_redemptions: number | null;
  per_account_limit: number | null;
  first_purchase_only: boolean;
  disabled_at: Date | null;
  created_at: Date;
  redeemed?: number;
  reserved?: number;
}

function toCoupon(row: CouponRow): StoredCoupon {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    percent: row.percent,
    amount: row.amount_paise,
    planKeys: row.plan_keys,
    validFrom: new Date(row.valid_from),
    validTill: row.valid_till && new Date(row.valid_till),
    maxRedemptions: row.max_redemptions,
    perAccountLimit: row.per_account_limit,
    firstPurchaseOnly: row.first_purchase_only,
    disabled: row.disabled_at !== null,
  };
}

function toView(row: CouponRow): CouponView {
  const coupon = toCoupon(row);
  return {
    _id: coupon.id,
    code: coupon.code,
    kind: coupon.kind,
    percent: coupon.percent,
    amount: coupon.amount,
    planKeys: coupon.planKeys,
    validFrom: coupon.validFrom.toISOString(),
    validTill: coupon.validTill?.toISOString() ?? null,
    maxRedemptions: coupon.maxRedemptions,
    perAccountLimit: coupon.perAccountLimit,
    firstPurchaseOnly: coupon.firstPurchaseOnly,
    redeemed: row.redeemed ?? 0,
    reserved: row.reserved ?? 0,
    disabled: coupon.disabled,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

const WITH_COUNTS = `SELECT c.*,
    (SELECT count(*) FROM "coupon_redemption" r WHERE r."coupon_id" = c."id" AND r."status" = 'redeemed')::int AS "redeemed",
    (SELECT count(*) FROM "coupon_redemption" r WHERE r."coupon_id" = c."id" AND r."status" = 'reserved')::int AS "reserved"
  FROM "coupon" c`;

/**
 * Coupons and their redemptions (D33). A redemption is held by an order from the moment it is made
 * (`reserved`), kept when its payment is captured (`redeemed`) and given back when the order is given up
 * or its payment fails (`released`); the limits count the held and the kept.
 */
@Injectable()
export class CouponsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async insert(manager: EntityManager, coupon: NewCoupon): Promise<CouponView | null> {
    const rows: CouponRow[] = await manager.query(
      `INSERT INTO "coupon" ("code", "kind", "percent", "amount_paise", "plan_keys", "valid_from", "valid_till",
         "max_redemptions", "per_account_limit", "first_purchase_only", "created_by")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT ("code") DO NOTHING RETURNING *`,
      [
        coupon.code,
        coupon.kind,
        coupon.percent,
        coupon.amount,
        coupon.planKeys,
        coupon.validFrom,
        coupon.validTill,
        coupon.maxRedemptions,
        coupon.perAccountLimit,
        coupon.firstPurchaseOnly,
        coupon.createdBy,
      ],
    );
    return rows[0] ? toView(rows[0]) : null;
  }

  async list(): Promise<CouponView[]> {
    const rows: CouponRow[] = await this.dataSource.query(`${WITH_COUNTS} ORDER BY c."created_at" DESC`);
    return rows.map(toView);
  }

  async view(id: string, manager: EntityManager = this.dataSource.manager): Promise<CouponView | undefined> {
    const rows: CouponRow[] = await manager.query(`${WITH_COUNTS} WHERE c."id" = $1`, [id]);
    return rows[0] && toView(rows[0]);
  }

  /**
   * Disables a coupon: it is refused from now on; orders holding it keep their price. Answers whether it
   * was enabled until now (false when it was disabled already), or undefined when there is no such coupon.
   */
  async disable(manager: EntityManager, id: string): Promise<boolean | undefined> {
    // An UPDATE's answer through TypeORM: [rows, count].
    const [rows]: [Array<{ was_enabled: boolean }>, number] = await manager.query(
      `UPDATE "coupon" AS c SET "disabled_at" = coalesce(c."disabled_at", now())
       FROM "coupon" AS before WHERE c."id" = $1 AND before."id" = c."id"
       RETURNING before."disabled_at" IS NULL AS "was_enabled"`,
      [id],
    );
    return rows[0]?.was_enabled;
  }

  /**
   * The coupon of a code, its row locked until the transaction ends: checkouts with one coupon count
   * and take its redemptions one at a time, so ten at once cannot pass its limit.
   */
  async lockByCode(manager: EntityManager, code: string): Promise<StoredCoupon | undefined> {
    const rows: CouponRow[] = await manager.query(`SELECT * FROM "coupon" WHERE "code" = $1 FOR UPDATE`, [
      code,
    ]);
    return rows[0] && toCoupon(rows[0]);
  }

  async byCode(manager: EntityManager, code: string): Promise<StoredCoupon | undefined> {
    const rows: CouponRow[] = await manager.query(`SELECT * FROM "coupon" WHERE "code" = $1`, [code]);
    return rows[0] && toCoupon(rows[0]);
  }

  /** Redemptions held or made, in all and by the viewer. */
  async used(
    manager: EntityManager,
    couponId: string,
    viewerId: string,
  ): Promise<{ inAll: number; byViewer: number }> {
    const rows: Array<{ in_all: number; by_viewer: number }> = await manager.query(
      `SELECT count(*)::int AS "in_all", count(*) FILTER (WHERE "viewer_id" = $2)::int AS "by_viewer"
         FROM "coupon_redemption" WHERE "coupon_id" = $1 AND "status" <> 'released'`,
      [couponId, viewerId],
    );
    return { inAll: rows[0].in_all, byViewer: rows[0].by_viewer };
  }

  /** Whether the viewer has paid for a plan before (first-purchase-only coupons). */
  async hasPurchased(manager: EntityManager, viewerId: string): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `SELECT 1 FROM "payment_order" WHERE "viewer_id" = $1 AND "status" = 'paid' LIMIT 1`,
      [viewerId],
    );
    return rows.length > 0;
  }

  /** The order's redemption, held (again): one per order. */
  async reserve(manager: EntityManager, couponId: string, orderId: string, viewerId: string): Promise<void> {
    await manager.query(
      `INSERT INTO "coupon_redemption" ("coupon_id", "order_id", "viewer_id", "status") VALUES ($1, $2, $3, 'reserved')
       ON CONFLICT ("order_id") DO UPDATE SET "status" = 'reserved', "updated_at" = now()
        WHERE "coupon_redemption"."status" = 'released'`,
      [couponId, orderId, viewerId],
    );
  }

  async statusOfOrder(
    manager: EntityManager,
    orderId: string,
  ): Promise<'reserved' | 'redeemed' | 'released' | undefined> {
    const rows: Array<{ status: 'reserved' | 'redeemed' | 'released' }> = await manager.query(
      `SELECT "status" FROM "coupon_redemption" WHERE "order_id" = $1`,
      [orderId],
    );
    return rows[0]?.status;
  }

  /** The order's payment was captured: its redemption is kept (once: the order is settled once). */
  async redeem(manager: EntityManager, orderId: string): Promise<'reserved' | 'released' | null> {
    const rows: Array<{ was: 'reserved' | 'released' }> = await manager.query(
      `UPDATE "coupon_redemption" r SET "status" = 'redeemed', "updated_at" = now()
         FROM (SELECT "id", "status" AS "was" FROM "coupon_redemption" WHERE "order_id" = $1 FOR UPDATE) old
        WHERE r."id" = old."id" AND old."was" <> 'redeemed'
       RETURNING old."was"`,
      [orderId],
    );
    return rows[0]?.was ?? null;
  }

  /** Gives back the redemption an order held (its payment failed). */
  async release(manager: EntityManager, orderId: string): Promise<void> {
    await manager.query(
      `UPDATE "coupon_redemption" SET "status" = 'released', "updated_at" = now()
        WHERE "order_id" = $1 AND "status" = 'reserved'`,
      [orderId],
    );
  }

  /** Gives back the redemptions held by orders left unpaid for `seconds` (or given up). */
  async releaseUnpaid(seconds: number): Promise<number> {
    const [, count]: [unknown, number] = await this.dataSource.query(
      `UPDATE "coupon_redemption" r SET "status" = 'released', "updated_at" = now()
         FROM "payment_order" o
        WHERE o."id" = r."order_id" AND r."status" = 'reserved'
          AND (o."status" = 'abandoned' OR (o."status" = 'created' AND r."updated_at" < now() - make_interval(secs => $1)))`,
      [seconds],
    );
    return count;
  }

  /** D25: the redemptions stay counted, without who made them. */
  async anonymise(manager: EntityManager, viewerId: string): Promise<void> {
    await manager.query(`UPDATE "coupon_redemption" SET "viewer_id" = NULL WHERE "viewer_id" = $1`, [
      viewerId,
    ]);
  }
}
