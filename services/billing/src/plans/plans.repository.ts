import { Injectable } from '@nestjs/common';
import { type DeviceClass, type Plan, type PlanKey, type StoredPlan } from '@chitram/contracts';
import { DataSource } from 'typeorm';

interface PlanRow {
  plan_key: PlanKey;
  name: string;
  quality: string;
  device_text: string;
  month_text: string;
  amount_paise: number;
  currency: 'INR';
  validity_months: number;
  devices: DeviceClass[];
  max_resolution: number;
  max_streams: number;
}

function toPlan(row: PlanRow): StoredPlan {
  return {
    planKey: row.plan_key,
    plan: row.name,
    quality: row.quality,
    device: row.device_text,
    price: String(row.amount_paise / 100),
    month: row.month_text,
    validityMonths: row.validity_months,
    devices: row.devices,
    maxResolution: row.max_resolution,
    maxStreams: row.max_streams,
    amount: row.amount_paise,
    currency: row.currency,
  };
}

/** The plans as billing's database holds them. */
@Injectable()
export class PlansRepository {
  constructor(private readonly dataSource: DataSource) {}

  async all(): Promise<StoredPlan[]> {
    const rows: PlanRow[] = await this.dataSource.query('SELECT * FROM "plan" ORDER BY "position"');
    return rows.map(toPlan);
  }

  /** Writes the plan table of the contracts into the database (safe to run from every instance at once). */
  async upsert(plans: readonly Plan[]): Promise<void> {
    for (const [position, plan] of plans.entries()) {
      await this.dataSource.query(
        `INSERT INTO "plan" ("plan_key", "name", "quality", "device_text", "month_text", "amount_paise",
           "validity_months", "devices", "max_resolution", "max_streams", "position")
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
         ON CONFLICT ("plan_key") DO UPDATE SET "name" = EXCLUDED."name", "quality" = EXCLUDED."quality",
           "device_text" = EXCLUDED."device_text", "month_text" = EXCLUDED."month_text",
           "amount_paise" = EXCLUDED."amount_paise", "validity_months" = EXCLUDED."validity_months",
           "devices" = EXCLUDED."devices", "max_resolution" = EXCLUDED."max_resolution",
           "max_streams" = EXCLUDED."max_streams", "position" = EXCLUDED."position", "updated_at" = now()
         WHERE ("plan"."name", "plan"."amount_paise", "plan"."validity_months", "plan"."devices",
           "plan"."max_resolution", "plan"."max_streams", "plan"."position", "plan"."quality",
           "plan"."device_text", "plan"."month_text")
           IS DISTINCT FROM (EXCLUDED."name", EXCLUDED."amount_paise", EXCLUDED."validity_months",
           EXCLUDED."devices", EXCLUDED."max_resolution", EXCLUDED."max_streams", EXCLUDED."position",
           EXCLUDED."quality", EXCLUDED."device_text", EXCLUDED."month_text")`,
        [
          plan.planKey,
          plan.plan,
          plan.quality,
          plan.device,
          plan.month,
          Math.round(Number(plan.price) * 100),
          plan.validityMonths,
          plan.devices,
          plan.maxResolution,
          plan.maxStreams,
          position,
        ],
      );
    }
  }
}
