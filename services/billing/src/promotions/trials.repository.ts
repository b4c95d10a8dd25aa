import { Injectable } from '@nestjs/common';
import type { PlanKey } from '@chitram/contracts';
import type { EntityManager } from 'typeorm';

/**
 * Free trials (D33): one per phone number, ever, kept as an HMAC of the number with no account id, so
 * deleting the account (D25) leaves it, and a new account on the number finds it.
 */
@Injectable()
export class TrialsRepository {
  async granted(manager: EntityManager, phoneHash: string): Promise<boolean> {
    const rows: unknown[] = await manager.query(`SELECT 1 FROM "trial_grant" WHERE "phone_hash" = $1`, [
      phoneHash,
    ]);
    return rows.length > 0;
  }

  /** Records the number's trial; false when it had one (the key makes two at once one). */
  async grant(
    manager: EntityManager,
    trial: { phoneHash: string; planKey: PlanKey; days: number; validFrom: Date; validTill: Date },
  ): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `INSERT INTO "trial_grant" ("phone_hash", "plan_key", "days", "valid_from", "valid_till")
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT ("phone_hash") DO NOTHING RETURNING 1`,
      [trial.phoneHash, trial.planKey, trial.days, trial.validFrom, trial.validTill],
    );
    return rows.length > 0;
  }

  /**
   * Makes the trial the viewer's plan, as a paid plan is (it ends like one: the expiry sweep announces
   * it); only when no plan runs, under the viewer's plan lock.
   */
  async holdAsPlan(
    manager: EntityManager,
    viewerId: string,
    planKey: PlanKey,
    validFrom: Date,
    validTill: Date,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO "subscription" ("viewer_id", "plan_key", "valid_from", "valid_till", "trial")
       VALUES ($1, $2, $3, $4, true)
       ON CONFLICT ("viewer_id") DO UPDATE SET "plan_key" = EXCLUDED."plan_key", "valid_from" = EXCLUDED."valid_from",
         "valid_till" = EXCLUDED."valid_till", "trial" = true, "expiry_announced" = false,
         "next_plan_key" = NULL, "next_valid_till" = NULL, "updated_at" = now()`,
      [viewerId, planKey, validFrom, validTill],
    );
  }
}
