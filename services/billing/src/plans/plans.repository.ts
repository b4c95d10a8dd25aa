import { Injectable } from '@nestjs/common';
import type { DeviceClass, Plan, PlanKey, PlanTerms } from '@chitram/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import type { TermsVersion } from './plan-terms-rules';

/** A plan as the list names it: its key, SPEC §3's texts and its place; its terms are versions (D43). */
export type PlanRecord = Pick<Plan, 'planKey' | 'plan' | 'quality' | 'device' | 'month'>;

interface PlanRow {
  plan_key: PlanKey;
  name: string;
  quality: string;
  device_text: string;
  month_text: string;
}

interface TermsRow {
  id: string;
  plan_key: PlanKey;
  effective_from: Date;
  amount_paise: number;
  validity_months: number;
  devices: DeviceClass[];
  max_resolution: number;
  max_streams: number;
  created_by: string | null;
  created_at: Date;
}

function toVersion(row: TermsRow): TermsVersion {
  return {
    id: row.id,
    planKey: row.plan_key,
    effectiveFrom: new Date(row.effective_from),
    amount: row.amount_paise,
    validityMonths: row.validity_months,
    devices: row.devices,
    maxResolution: row.max_resolution,
    maxStreams: row.max_streams,
    createdBy: row.created_by,
    createdAt: new Date(row.created_at),
  };
}

/** New terms for a plan from a moment on. */
export interface NewTerms extends PlanTerms {
  planKey: PlanKey;
  effectiveFrom: Date;
  createdBy: string;
}

/** The plans and their terms as billing's database holds them (D43). */
@Injectable()
export class PlansRepository {
  constructor(private readonly dataSource: DataSource) {}

  async all(): Promise<PlanRecord[]> {
    const rows: PlanRow[] = await this.dataSource.query(
      'SELECT "plan_key", "name", "quality", "device_text", "month_text" FROM "plan" ORDER BY "position"',
    );
    return rows.map((row) => ({
      planKey: row.plan_key,
      plan: row.name,
      quality: row.quality,
      device: row.device_text,
      month: row.month_text,
    }));
  }

  /** Every version of every plan's terms, oldest first. */
  async terms(): Promise<TermsVersion[]> {
    const rows: TermsRow[] = await this.dataSource.query(
      'SELECT * FROM "plan_terms" ORDER BY "plan_key", "effective_from"',
    );
    return rows.map(toVersion);
  }

  /**
   * Seeds the plan table of the contracts on a first start: a plan absent is written with its terms as
   * its first version, in force since ever; a plan present is left as finance made it (safe to run from
   * every instance at once).
   */
  async seed(plans: readonly Plan[]): Promise<void> {
    for (const [position, plan] of plans.entries()) {
      await this.dataSource.query(
        `INSERT INTO "plan" ("plan_key", "name", "quality", "device_text", "month_text", "position")
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT ("plan_key") DO NOTHING`,
        [plan.planKey, plan.plan, plan.quality, plan.device, plan.month, position],
      );
      await this.dataSource.query(
        `INSERT INTO "plan_terms" ("plan_key", "effective_from", "amount_paise", "validity_months", "devices",
           "max_resolution", "max_streams")
         SELECT $1, 'epoch', $2, $3, $4, $5, $6
          WHERE NOT EXISTS (SELECT 1 FROM "plan_terms" WHERE "plan_key" = $1)
         ON CONFLICT ("plan_key", "effective_from") DO NOTHING`,
        [
          plan.planKey,
          Math.round(Number(plan.price) * 100),
          plan.validityMonths,
          plan.devices,
          plan.maxResolution,
          plan.maxStreams,
        ],
      );
    }
  }

  /** Locks a plan's terms until the transaction ends, so two changes to one plan are made one at a time. */
  async lockPlan(manager: EntityManager, planKey: PlanKey): Promise<void> {
    await manager.query('SELECT 1 FROM "plan" WHERE "plan_key" = $1 FOR UPDATE', [planKey]);
  }

  /** New terms from a moment on; terms scheduled for the same moment are replaced. */
  async schedule(manager: EntityManager, terms: NewTerms): Promise<TermsVersion> {
    const rows: TermsRow[] = await manager.query(
      `INSERT INTO "plan_terms" ("plan_key", "effective_from", "amount_paise", "validity_months", "devices",
         "max_resolution", "max_streams", "created_by")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT ("plan_key", "effective_from") DO UPDATE SET "amount_paise" = EXCLUDED."amount_paise",
         "validity_months" = EXCLUDED."validity_months", "devices" = EXCLUDED."devices",
         "max_resolution" = EXCLUDED."max_resolution", "max_streams" = EXCLUDED."max_streams",
         "created_by" = EXCLUDED."created_by", "created_at" = now()
       RETURNING *`,
      [
        terms.planKey,
        terms.effectiveFrom,
        terms.amount,
        terms.validityMonths,
        terms.devices,
        terms.maxResolution,
        terms.maxStreams,
        terms.createdBy,
      ],
    );
    return toVersion(rows[0]);
  }

  async version(manager: EntityManager, planKey: PlanKey, id: string): Promise<TermsVersion | undefined> {
    const rows: TermsRow[] = await manager.query(
      'SELECT * FROM "plan_terms" WHERE "id" = $1 AND "plan_key" = $2',
      [id, planKey],
    );
    return rows[0] && toVersion(rows[0]);
  }

  /** Removes a change that has not taken effect; false once it has. */
  async cancel(manager: EntityManager, id: string): Promise<boolean> {
    const [, count]: [unknown, number] = await manager.query(
      'DELETE FROM "plan_terms" WHERE "id" = $1 AND "effective_from" > now()',
      [id],
    );
    return count > 0;
  }
}
