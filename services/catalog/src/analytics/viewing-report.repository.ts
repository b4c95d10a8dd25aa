import { Injectable } from '@nestjs/common';
import {
  addDays,
  TOP_TITLES_LIMIT,
  type DailyViewing,
  type Language,
  type LanguageViewing,
  type PlanOrNone,
  type PlanViewing,
  type TitleViewing,
} from '@chitram/contracts';
import { DataSource } from 'typeorm';

/** Sums of watch seconds may pass 2^31: bigint, which the driver answers as text. */
interface SumRow {
  plays: number;
  watch_seconds: string;
}

interface TitleRow extends SumRow {
  kind: 'movie' | 'episode';
  title_id: string;
  title: string | null;
  language: Language | null;
}

/** A title's name and language as the catalogue holds them now (an episode speaks its series' language). */
export const NAMED_TITLES = (source: string) => `
  SELECT t.*, coalesce(m."title", e."title") AS "title", coalesce(m."language", s."language") AS "language"
    FROM ${source} t
    LEFT JOIN "movie" m ON t."kind" = 'movie' AND m."id" = t."title_id"
    LEFT JOIN "episode" e ON t."kind" = 'episode' AND e."id" = t."title_id"
    LEFT JOIN "series" s ON s."id" = e."series_id"`;

/** The Mondays of the first and the last whole week (Monday to Sunday) inside a period, if it holds one. */
export function wholeWeeks(from: string, to: string): { first: string; last: string } | null {
  const fromMonday = (day: string) => (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  const first = addDays(from, (7 - fromMonday(from)) % 7);
  const lastSunday = addDays(to, -((fromMonday(to) + 1) % 7));
  const last = addDays(lastSunday, -6);
  return first <= last ? { first, last } : null;
}

/**
 * Plays and watch time per title over a period, as a subquery: whole weeks from the weekly rows, the
 * days at the period's ends from the daily ones. Its values join `params`.
 */
export function titleTotals(params: unknown[], from: string, to: string): string {
  const weeks = wholeWeeks(from, to);
  const parts = weeks
    ? [
        `SELECT "kind", "title_id", "plays", "watch_seconds" FROM "viewing_title_week"
          WHERE "week" BETWEEN $${params.push(weeks.first)} AND $${params.push(weeks.last)}`,
        // The days before the first week and after the last: two ranges of the index, not all between.
        `SELECT "kind", "title_id", "plays", "watch_seconds" FROM "viewing_title_day"
          WHERE "day" BETWEEN $${params.push(from)} AND $${params.push(addDays(weeks.first, -1))}
             OR "day" BETWEEN $${params.push(addDays(weeks.last, 7))} AND $${params.push(to)}`,
      ]
    : [
        `SELECT "kind", "title_id", "plays", "watch_seconds" FROM "viewing_title_day"
          WHERE "day" BETWEEN $${params.push(from)} AND $${params.push(to)}`,
      ];
  return `(SELECT "kind", "title_id", sum("plays")::int AS "plays", sum("watch_seconds")::bigint AS "watch_seconds"
             FROM (${parts.join(' UNION ALL ')}) parts GROUP BY "kind", "title_id")`;
}

const toTitle = (r: TitleRow): TitleViewing => ({
  kind: r.kind,
  titleId: r.title_id,
  title: r.title,
  language: r.language,
  plays: r.plays,
  watchSeconds: Number(r.watch_seconds),
});

/** The reads of the viewing aggregates: a period's days, its plans and languages, its top titles. */
@Injectable()
export class ViewingReportRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Plays and watch seconds of each day of a period that had any (the caller fills the others with
   * zeros), summed over plans from the per-day aggregate the events keep: at most a row per day and plan.
   */
  async days(from: string, to: string): Promise<DailyViewing[]> {
    const rows: Array<SumRow & { day: string }> = await this.dataSource.query(
      `SELECT to_char("day", 'YYYY-MM-DD') AS "day", sum("plays")::int AS "plays",
              sum("watch_seconds")::bigint AS "watch_seconds"
         FROM "viewing_day" WHERE "day" BETWEEN $1 AND $2 GROUP BY "day" ORDER BY "day"`,
      [from, to],
    );
    return rows.map((r) => ({ day: r.day, plays: r.plays, watchSeconds: Number(r.watch_seconds) }));
  }

  /**
   * A period's viewing in one statement: its days that had any (the caller fills the others with
   * zeros) and its plans, one pass over the per-day rows grouped both ways; its viewing per language
   * (most played first) and its top titles by plays and by watch time, narrowed to a language and to the viewers of a plan
   * when asked, one pass over the per-title aggregates.
   */
  async period(
    from: string,
    to: string,
    filters: { language?: Language; plan?: PlanOrNone },
  ): Promise<{
    days: DailyViewing[];
    byPlan: PlanViewing[];
    byLanguage: LanguageViewing[];
    byPlays: TitleViewing[];
    byWatchTime: TitleViewing[];
  }> {
    const params: unknown[] = [];
    const all = titleTotals(params, from, to);
    const summed = filters.plan
      ? `(SELECT "kind", "title_id", sum("plays")::int AS "plays", sum("watch_seconds")::bigint AS "watch_seconds"
            FROM "viewing_title_plan_day"
           WHERE "plan_key" = $${params.push(filters.plan)} AND "day" BETWEEN $${params.push(from)} AND $${params.push(to)}
           GROUP BY "kind", "title_id")`
      : all;
    const language = filters.language ? `WHERE "language" = $${params.push(filters.language)}` : '';
    const top = (order: string) =>
      `SELECT coalesce(json_agg(x), '[]') FROM (SELECT * FROM named ${language} ORDER BY ${order} DESC, "title_id" LIMIT ${TOP_TITLES_LIMIT}) x`;
    const languages = (source: string) =>
      `SELECT "language", sum("plays")::int AS "plays", sum("watch_seconds")::bigint AS "watch_seconds" FROM ${source} GROUP BY "language"`;
    const [row]: Array<{
      sums: Array<SumRow & { day: string | null; plan_key: PlanOrNone | null }>;
      by_language: Array<SumRow & { language: Language | null }>;
      by_plays: TitleRow[];
      by_watch: TitleRow[];
    }> = await this.dataSource.query(
      `WITH named AS (${NAMED_TITLES(summed)}),
       sums AS (
         SELECT to_char("day", 'YYYY-MM-DD') AS "day", "plan_key", sum("plays")::int AS "plays",
                sum("watch_seconds")::bigint AS "watch_seconds"
           FROM "viewing_day" WHERE "day" BETWEEN $${params.push(from)} AND $${params.push(to)}
          GROUP BY GROUPING SETS (("day"), ("plan_key")))
       SELECT (SELECT coalesce(json_agg(s ORDER BY s."day", s."plan_key"), '[]') FROM sums s) AS "sums",
              (SELECT coalesce(json_agg(l ORDER BY l."plays" DESC, l."language"), '[]') FROM (${languages(filters.plan ? `(${NAMED_TITLES(all)}) every_plan` : 'named')}) l) AS "by_language",
              (${top('"plays"')}) AS "by_plays",
              (${top('"watch_seconds"')}) AS "by_watch"`,
      params,
    );
    const days: DailyViewing[] = [];
    const byPlan: PlanViewing[] = [];
    for (const r of row.sums) {
      const sums = { plays: r.plays, watchSeconds: Number(r.watch_seconds) };
      if (r.day !== null) days.push({ day: r.day, ...sums });
      else if (r.plan_key !== null) byPlan.push({ planKey: r.plan_key, ...sums });
    }
    return {
      days,
      byPlan,
      byLanguage: row.by_language.map((r) => ({
        language: r.language,
        plays: Number(r.plays),
        watchSeconds: Number(r.watch_seconds),
      })),
      byPlays: row.by_plays.map(toTitle),
      byWatchTime: row.by_watch.map(toTitle),
    };
  }
}
