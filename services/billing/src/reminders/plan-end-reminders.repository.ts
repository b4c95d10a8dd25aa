import { Injectable } from '@nestjs/common';
import type { PlanEndReminderKind, PlanKey } from '@chitram/contracts';
import { DataSource, type EntityManager } from 'typeorm';

/** The end of a viewer's time: the plan held's, or the queued plan's when one follows it (D38). */
export interface TimeHeld {
  viewerId: string;
  planKey: PlanKey;
  planName: string;
  endsAt: Date;
}

/** A time held whose end is near, with the reminders already claimed for that end. */
export interface EndingTime extends TimeHeld {
  claimed: PlanEndReminderKind[];
}

export interface ReminderClaim {
  viewerId: string;
  endsAt: Date;
  kind: PlanEndReminderKind;
  planKey: PlanKey;
}

// The last plan of the time held: a queued plan, when there is one, ends it.
const TIME_HELD = `SELECT s."viewer_id", p."plan_key", p."name",
         COALESCE(s."next_valid_till", s."valid_till") AS "ends_at"
    FROM "subscription" s JOIN "plan" p ON p."plan_key" = COALESCE(s."next_plan_key", s."plan_key")`;

interface TimeHeldRow {
  viewer_id: string;
  plan_key: PlanKey;
  name: string;
  ends_at: Date;
}

@Injectable()
export class PlanEndRemindersRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The viewer's time held, if it has not ended at `now`. */
  async timeHeld(viewerId: string, now: Date): Promise<TimeHeld | null> {
    const rows: TimeHeldRow[] = await this.dataSource.query(
      `SELECT * FROM (${TIME_HELD} WHERE s."viewer_id" = $1) t WHERE "ends_at" > $2`,
      [viewerId, now],
    );
    return rows[0] ? toTimeHeld(rows[0]) : null;
  }

  /** Times held ending after `now` and before `until`, soonest first, from `after` on (a page). */
  async ending(now: Date, until: Date, limit: number, after?: string): Promise<EndingTime[]> {
    const rows: Array<TimeHeldRow & { claimed: PlanEndReminderKind[] }> = await this.dataSource.query(
      `SELECT t.*, ARRAY(SELECT r."kind" FROM "plan_end_reminder" r
                          WHERE r."viewer_id" = t."viewer_id" AND r."ends_at" = t."ends_at") AS "claimed"
         FROM (${TIME_HELD}) t
        WHERE t."ends_at" > $1 AND t."ends_at" < $2 AND t."viewer_id" > $3
        ORDER BY t."viewer_id" LIMIT $4`,
      [now, until, after ?? '00000000-0000-0000-0000-000000000000', limit],
    );
    return rows.map((row) => ({ ...toTimeHeld(row), claimed: row.claimed }));
  }

  /**
   * Claims reminders in the caller's transaction: those another instance claimed first (committed, or
   * committing: the insert waits for it) are left out of the answer.
   */
  async claim(manager: EntityManager, claims: ReminderClaim[]): Promise<ReminderClaim[]> {
    if (!claims.length) return [];
    const rows: Array<{ viewer_id: string; ends_at: Date; kind: PlanEndReminderKind }> = await manager.query(
      `INSERT INTO "plan_end_reminder" ("viewer_id", "ends_at", "kind", "plan_key")
         SELECT * FROM unnest($1::uuid[], $2::timestamptz[], $3::text[], $4::text[])
         ON CONFLICT DO NOTHING RETURNING "viewer_id", "ends_at", "kind"`,
      [
        claims.map((c) => c.viewerId),
        claims.map((c) => c.endsAt),
        claims.map((c) => c.kind),
        claims.map((c) => c.planKey),
      ],
    );
    const won = new Set(rows.map((r) => `${r.viewer_id}|${new Date(r.ends_at).getTime()}|${r.kind}`));
    return claims.filter((c) => won.has(`${c.viewerId}|${c.endsAt.getTime()}|${c.kind}`));
  }
}

function toTimeHeld(row: TimeHeldRow): TimeHeld {
  return {
    viewerId: row.viewer_id,
    planKey: row.plan_key,
    planName: row.name,
    endsAt: new Date(row.ends_at),
  };
}
