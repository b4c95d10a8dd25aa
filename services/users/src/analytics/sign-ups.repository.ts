import { Injectable } from '@nestjs/common';
import type { AnalyticsRebuilt, DailySignUps } from '@chitram/contracts';
import type { RebuildStep } from '@chitram/nest-kit';
import { DataSource, type EntityManager } from 'typeorm';

export interface SignUpFact {
  eventId: string;
  viewerId: string;
  /** YYYY-MM-DD in India. */
  day: string;
  at: Date;
}

/** Sign-up facts and their count per Indian day (DECISIONS D12). */
@Injectable()
export class SignUpsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Stores a sign-up once (by event and by viewer); answers whether it was new. */
  async record(manager: EntityManager, fact: SignUpFact): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `INSERT INTO "signup_fact" ("event_id", "viewer_id", "day", "at") VALUES ($1, $2, $3, $4)
       ON CONFLICT DO NOTHING RETURNING 1`,
      [fact.eventId, fact.viewerId, fact.day, fact.at],
    );
    return rows.length === 1;
  }

  /** Recounts the sign-ups of the given days from the facts. */
  async recount(manager: EntityManager, days: string[]): Promise<void> {
    for (const day of new Set(days))
      await manager.query(
        `INSERT INTO "signup_day" ("day", "viewers")
         SELECT $1::date, count(*) FROM "signup_fact" WHERE "day" = $1::date
         ON CONFLICT ("day") DO UPDATE SET "viewers" = EXCLUDED."viewers"`,
        [day],
      );
  }

  /** DECISIONS D25: the sign-up stays counted, without the viewer. */
  async forget(manager: EntityManager, viewerId: string): Promise<void> {
    await manager.query(`UPDATE "signup_fact" SET "viewer_id" = NULL WHERE "viewer_id" = $1`, [viewerId]);
  }

  async days(from: string, to: string): Promise<DailySignUps[]> {
    const rows: Array<{ day: string; viewers: number }> = await this.dataSource.query(
      `SELECT to_char("day", 'YYYY-MM-DD') AS "day", "viewers" FROM "signup_day" WHERE "day" BETWEEN $1 AND $2`,
      [from, to],
    );
    return rows.map((r) => ({ day: r.day, newViewers: r.viewers }));
  }

  /**
   * Recomputes every day's count from the facts (inside the rebuild job's transaction), the facts held
   * still meanwhile.
   */
  async rebuild(manager: EntityManager, step: RebuildStep): Promise<Omit<AnalyticsRebuilt, 'tookMs'>> {
    await step('signup_day');
    await manager.query(`LOCK TABLE "signup_fact" IN SHARE ROW EXCLUSIVE MODE`);
    await manager.query(`TRUNCATE "signup_day"`);
    const [{ rows, facts }]: Array<{ rows: number; facts: number }> = await manager.query(
      `WITH written AS (
         INSERT INTO "signup_day" ("day", "viewers") SELECT "day", count(*) FROM "signup_fact" GROUP BY "day"
         RETURNING "viewers")
       SELECT count(*)::int AS "rows", coalesce(sum("viewers"), 0)::int AS "facts" FROM written`,
    );
    await manager.query(`ANALYZE "signup_day"`);
    return { facts, rows };
  }
}
