import { Injectable } from '@nestjs/common';
import { NO_PLAN, type AnalyticsRebuilt } from '@chitram/contracts';
import type { RebuildStep } from '@chitram/nest-kit';
import type { EntityManager } from 'typeorm';

/** One play-started or watch-time event, as stored. */
export interface ViewingFact {
  eventId: string;
  viewerId: string | null;
  kind: 'movie' | 'episode';
  titleId: string;
  /** YYYY-MM-DD in India. */
  day: string;
  at: Date;
  plays: 0 | 1;
  watchSeconds: number;
}

/** A plan the viewer held from one moment to another (a copy of billing's subscription period). */
export interface PlanPeriod {
  paymentId: string;
  viewerId: string;
  planKey: string;
  validFrom: Date;
  validTill: Date;
}

/** The plan a viewer held at `at`: the latest period begun by then and not yet run out; else none. */
const PLAN_AT = (viewer: string, at: string) => `coalesce((
  SELECT p."plan_key" FROM "viewer_plan_period" p
   WHERE p."viewer_id" = ${viewer} AND p."valid_from" <= ${at} AND p."valid_till" > ${at}
   ORDER BY p."valid_from" DESC LIMIT 1), '${NO_PLAN}')`;

/** Adds (or, with a negative sign, takes away) rows of `source` to the per-plan aggregates. */
const ADD_TO_PLAN_AGGREGATES = (source: string) => `
  per_day AS (
    INSERT INTO "viewing_day" ("day", "plan_key", "plays", "watch_seconds")
    SELECT "day", "plan_key", sum("plays"), sum("watch_seconds") FROM ${source} GROUP BY "day", "plan_key"
    ON CONFLICT ("day", "plan_key") DO UPDATE SET "plays" = "viewing_day"."plays" + EXCLUDED."plays",
      "watch_seconds" = "viewing_day"."watch_seconds" + EXCLUDED."watch_seconds"),
  per_title_plan AS (
    INSERT INTO "viewing_title_plan_day" ("day", "plan_key", "kind", "title_id", "plays", "watch_seconds")
    SELECT "day", "plan_key", "kind", "title_id", sum("plays"), sum("watch_seconds") FROM ${source}
     GROUP BY "day", "plan_key", "kind", "title_id"
    ON CONFLICT ("plan_key", "day", "kind", "title_id") DO UPDATE
      SET "plays" = "viewing_title_plan_day"."plays" + EXCLUDED."plays",
          "watch_seconds" = "viewing_title_plan_day"."watch_seconds" + EXCLUDED."watch_seconds")`;

/**
 * The catalogue's viewing facts and their per-day aggregates (DECISIONS D12). Every change to the facts
 * changes the aggregates in the same statement, so the two never disagree; the rebuild recomputes the
 * aggregates from the facts alone.
 */
@Injectable()
export class ViewingFactsRepository {
  /**
   * Holds the viewer's facts still until the transaction ends: a play and a plan period of one viewer,
   * handled at once, would otherwise each miss the other.
   */
  async lockViewer(manager: EntityManager, viewerId: string | null): Promise<void> {
    if (viewerId)
      await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`viewing:${viewerId}`]);
  }

  /**
   * Stores a fact, with the plan its viewer held at that moment, and adds it to every aggregate. A fact
   * already stored (the same event again) changes nothing; answers whether it was new.
   */
  async record(manager: EntityManager, fact: ViewingFact): Promise<boolean> {
    const [{ added }]: Array<{ added: number }> = await manager.query(
      `WITH fact AS (
         INSERT INTO "viewing_fact" ("event_id", "viewer_id", "kind", "title_id", "day", "at", "plays", "watch_seconds", "plan_key")
         VALUES ($1, $2::uuid, $3, $4, $5, $6::timestamptz, $7, $8, ${PLAN_AT('$2::uuid', '$6::timestamptz')})
         ON CONFLICT ("event_id") DO NOTHING
         RETURNING "day", "plan_key", "kind", "title_id", "plays", "watch_seconds"),
       per_title AS (
         INSERT INTO "viewing_title_day" ("day", "kind", "title_id", "plays", "watch_seconds")
         SELECT "day", "kind", "title_id", "plays", "watch_seconds" FROM fact
         ON CONFLICT ("day", "kind", "title_id") DO UPDATE SET "plays" = "viewing_title_day"."plays" + EXCLUDED."plays",
           "watch_seconds" = "viewing_title_day"."watch_seconds" + EXCLUDED."watch_seconds"),
       per_title_week AS (
         INSERT INTO "viewing_title_week" ("week", "kind", "title_id", "plays", "watch_seconds")
         SELECT date_trunc('week', "day")::date, "kind", "title_id", "plays", "watch_seconds" FROM fact
         ON CONFLICT ("week", "kind", "title_id") DO UPDATE SET "plays" = "viewing_title_week"."plays" + EXCLUDED."plays",
           "watch_seconds" = "viewing_title_week"."watch_seconds" + EXCLUDED."watch_seconds"),
       ${ADD_TO_PLAN_AGGREGATES('fact')}
       SELECT count(*)::int AS "added" FROM fact`,
      [
        fact.eventId,
        fact.viewerId,
        fact.kind,
        fact.titleId,
        fact.day,
        fact.at,
        fact.plays,
        fact.watchSeconds,
      ],
    );
    return added === 1;
  }

  /** Keeps a copy of a subscription period (the same one again changes nothing). */
  async savePlanPeriod(manager: EntityManager, period: PlanPeriod): Promise<void> {
    await manager.query(
      `INSERT INTO "viewer_plan_period" ("payment_id", "viewer_id", "plan_key", "valid_from", "valid_till")
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT ("payment_id") DO NOTHING`,
      [period.paymentId, period.viewerId, period.planKey, period.validFrom, period.validTill],
    );
  }

  /**
   * Looks again at the plan behind the viewer's facts between two moments (a period that arrived after
   * plays it covers), and moves those whose plan changed from one plan's aggregates to the other's.
   * Answers how many facts moved.
   */
  async reattribute(manager: EntityManager, viewerId: string, from: Date, till: Date): Promise<number> {
    const [{ moved }]: Array<{ moved: number }> = await manager.query(
      `WITH fresh AS (
         SELECT f."event_id", f."plan_key" AS "old_plan", ${PLAN_AT('f."viewer_id"', 'f."at"')} AS "new_plan"
           FROM "viewing_fact" f WHERE f."viewer_id" = $1 AND f."at" >= $2 AND f."at" < $3),
       changed AS (
         UPDATE "viewing_fact" f SET "plan_key" = fresh."new_plan" FROM fresh
          WHERE f."event_id" = fresh."event_id" AND fresh."new_plan" <> fresh."old_plan"
          RETURNING f."day", f."kind", f."title_id", f."plays", f."watch_seconds", fresh."old_plan", fresh."new_plan"),
       moves AS (
         SELECT "day", "new_plan" AS "plan_key", "kind", "title_id", "plays", "watch_seconds" FROM changed
         UNION ALL
         SELECT "day", "old_plan", "kind", "title_id", -"plays", -"watch_seconds" FROM changed),
       ${ADD_TO_PLAN_AGGREGATES('moves')}
       SELECT count(*)::int AS "moved" FROM changed`,
      [viewerId, from, till],
    );
    return moved;
  }

  /** DECISIONS D25: the facts stay (they are the counts), without the viewer; their plans go. */
  async forgetViewer(manager: EntityManager, viewerId: string): Promise<void> {
    await manager.query(`UPDATE "viewing_fact" SET "viewer_id" = NULL WHERE "viewer_id" = $1`, [viewerId]);
    await manager.query(`DELETE FROM "viewer_plan_period" WHERE "viewer_id" = $1`, [viewerId]);
  }

  /**
   * Recomputes every aggregate from the facts (inside the rebuild job's transaction), after looking
   * again at the plan of every fact whose viewer is still known (an anonymised fact keeps the plan it
   * had). Facts and periods are locked meanwhile, so an event arriving now waits and is then counted
   * once, on top. The facts are read once, into the finest aggregate (day, plan and title); the coarser
   * ones are summed from it.
   */
  async rebuild(manager: EntityManager, step: RebuildStep): Promise<Omit<AnalyticsRebuilt, 'tookMs'>> {
    await step('plans');
    await manager.query(`LOCK TABLE "viewing_fact", "viewer_plan_period" IN SHARE ROW EXCLUSIVE MODE`);
    // Grouping two million facts wants more than the default few megabytes to do it in memory.
    await manager.query(`SET LOCAL work_mem = '64MB'`);
    // A viewer with no period held no plan: their facts need no look at the periods, one per fact.
    await manager.query(
      `UPDATE "viewing_fact" f SET "plan_key" = '${NO_PLAN}'
        WHERE f."viewer_id" IS NOT NULL AND f."plan_key" <> '${NO_PLAN}'
          AND NOT EXISTS (SELECT 1 FROM "viewer_plan_period" p WHERE p."viewer_id" = f."viewer_id")`,
    );
    await manager.query(
      `UPDATE "viewing_fact" f SET "plan_key" = ${PLAN_AT('f."viewer_id"', 'f."at"')}
         FROM (SELECT DISTINCT "viewer_id" FROM "viewer_plan_period") held
        WHERE f."viewer_id" = held."viewer_id" AND f."plan_key" <> ${PLAN_AT('f."viewer_id"', 'f."at"')}`,
    );
    await manager.query(
      `TRUNCATE "viewing_day", "viewing_title_day", "viewing_title_week", "viewing_title_plan_day"`,
    );
    const sums = `sum("plays"), sum("watch_seconds")`;
    let rows = 0;
    for (const [table, source, keys] of [
      ['viewing_title_plan_day', 'viewing_fact', '"day", "plan_key", "kind", "title_id"'],
      ['viewing_day', 'viewing_title_plan_day', '"day", "plan_key"'],
      ['viewing_title_day', 'viewing_title_plan_day', '"day", "kind", "title_id"'],
    ] as const) {
      await step(table);
      rows += await written(
        manager,
        `INSERT INTO "${table}" (${keys}, "plays", "watch_seconds") SELECT ${keys}, ${sums} FROM "${source}" GROUP BY ${keys}`,
      );
    }
    await step('viewing_title_week');
    rows += await written(
      manager,
      `INSERT INTO "viewing_title_week" ("week", "kind", "title_id", "plays", "watch_seconds")
       SELECT date_trunc('week', "day")::date, "kind", "title_id", ${sums} FROM "viewing_title_day" GROUP BY 1, 2, 3`,
    );
    // The tables were emptied and filled again: the planner is told what they hold now.
    await manager.query(
      `ANALYZE "viewing_day", "viewing_title_day", "viewing_title_week", "viewing_title_plan_day"`,
    );
    const [{ facts }]: Array<{ facts: number }> = await manager.query(
      `SELECT count(*)::int AS "facts" FROM "viewing_fact"`,
    );
    return { facts, rows };
  }
}

/** Runs an INSERT and answers how many rows it wrote. */
async function written(manager: EntityManager, insert: string): Promise<number> {
  const [{ n }]: Array<{ n: number }> = await manager.query(
    `WITH written AS (${insert} RETURNING 1) SELECT count(*)::int AS "n" FROM written`,
  );
  return n;
}
