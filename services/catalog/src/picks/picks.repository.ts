import { Injectable } from '@nestjs/common';
import type { Genre, Language } from '@chitram/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import type { MovieEntity } from '../titles/movie.entity';
import { MOVIE_COLUMNS } from '../titles/movie.view';

/** A title a profile watched into its end credits. */
export interface Finish {
  profileId: string;
  kind: 'movie' | 'episode';
  titleId: string;
  at: Date;
}

/** A film the profile finished, for the row's "X". */
export type FinishedMovie = MovieEntity & { genre: Genre[]; language: Language };

/**
 * Every SQL statement of the picked rows (issue 22): the finishes (table title_finish), the co-watching
 * counts kept from them (co_watching), and the plays of the last 24 hours (viewing_fact). The rules are
 * PickedRows' and FinishesHandler's.
 */
@Injectable()
export class PicksRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Holds the profile's finishes still until the transaction ends: two of its finishes at once each see the other. */
  async lockProfile(manager: EntityManager, profileId: string): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`picks:${profileId}`]);
  }

  /**
   * Keeps a finish and, when it is new for the profile, adds one to the count of every pair it makes with
   * the profile's other finishes (both ways). A title finished again changes nothing; answers whether it
   * was new.
   */
  async recordFinish(manager: EntityManager, finish: Finish): Promise<boolean> {
    const [{ added }]: Array<{ added: number }> = await manager.query(
      `WITH fresh AS (
         INSERT INTO "title_finish" ("profile_id", "kind", "title_id", "finished_at") VALUES ($1, $2, $3, $4)
         ON CONFLICT DO NOTHING RETURNING "profile_id", "kind", "title_id"),
       others AS (
         SELECT f."kind", f."title_id" FROM "title_finish" f JOIN fresh ON f."profile_id" = fresh."profile_id"
          WHERE (f."kind", f."title_id") <> (fresh."kind", fresh."title_id")),
       pairs AS (
         SELECT fresh."kind", fresh."title_id", o."kind" AS "other_kind", o."title_id" AS "other_id" FROM fresh, others o
         UNION ALL
         SELECT o."kind", o."title_id", fresh."kind", fresh."title_id" FROM fresh, others o),
       counted AS (
         INSERT INTO "co_watching" ("kind", "title_id", "other_kind", "other_id", "profiles")
         SELECT "kind", "title_id", "other_kind", "other_id", 1 FROM pairs
         ON CONFLICT ("kind", "title_id", "other_kind", "other_id") DO UPDATE SET "profiles" = "co_watching"."profiles" + 1)
       SELECT count(*)::int AS "added" FROM fresh`,
      [finish.profileId, finish.kind, finish.titleId, finish.at],
    );
    return added === 1;
  }

  /** D25: a deleted profile's finishes go, and its pairs leave the counts (a pair only it made, entirely). */
  async forgetProfile(manager: EntityManager, profileId: string): Promise<void> {
    const match = `c."kind" = p."kind" AND c."title_id" = p."title_id" AND c."other_kind" = p."other_kind" AND c."other_id" = p."other_id"`;
    await manager.query(
      `WITH gone AS (DELETE FROM "title_finish" WHERE "profile_id" = $1 RETURNING "kind", "title_id"),
       pairs AS (
         SELECT a."kind", a."title_id", b."kind" AS "other_kind", b."title_id" AS "other_id"
           FROM gone a, gone b WHERE (a."kind", a."title_id") <> (b."kind", b."title_id")),
       lowered AS (
         UPDATE "co_watching" c SET "profiles" = c."profiles" - 1 FROM pairs p WHERE ${match} AND c."profiles" > 1)
       DELETE FROM "co_watching" c USING pairs p WHERE ${match} AND c."profiles" = 1`,
      [profileId],
    );
  }

  /** The film the profile finished last (that the catalogue still has); null when none. */
  async lastFinishedMovie(profileId: string): Promise<FinishedMovie | null> {
    const [row]: FinishedMovie[] = await this.dataSource.query(
      `SELECT ${MOVIE_COLUMNS} FROM "title_finish" f JOIN "movie" m ON m."id" = f."title_id"
        WHERE f."profile_id" = $1 AND f."kind" = 'movie' ORDER BY f."finished_at" DESC LIMIT 1`,
      [profileId],
    );
    return row ?? null;
  }

  /**
   * Films finished by the profiles who finished this one, most shared first, leaving out the films the
   * profile has watched (finished, or started: any place kept) and the film itself.
   */
  coWatched(profileId: string, movieId: string, limit: number): Promise<MovieEntity[]> {
    return this.dataSource.query(
      `SELECT ${MOVIE_COLUMNS} FROM "co_watching" c JOIN "movie" m ON m."id" = c."other_id"
        WHERE c."kind" = 'movie' AND c."title_id" = $2 AND c."other_kind" = 'movie'
          AND NOT ${WATCHED_BY('$1', 'm')}
        ORDER BY c."profiles" DESC, m."created_at" DESC, m."id"
        LIMIT $3`,
      [profileId, movieId, limit],
    );
  }

  /** Films of the language sharing a genre, newest first, leaving out the given ones and what the profile watched. */
  sameGenreAndLanguage(
    profileId: string,
    like: { language: Language; genres: Genre[]; leaveOut: string[] },
    limit: number,
  ): Promise<MovieEntity[]> {
    return this.dataSource.query(
      `SELECT ${MOVIE_COLUMNS} FROM "movie" m
        WHERE m."language" = $2 AND m."genre" && $3::text[] AND m."id" <> ALL($4::uuid[])
          AND NOT ${WATCHED_BY('$1', 'm')}
        ORDER BY cardinality(ARRAY(SELECT unnest(m."genre") INTERSECT SELECT unnest($3::text[]))) DESC,
          m."created_at" DESC, m."id"
        LIMIT $5`,
      [profileId, like.language, like.genres, like.leaveOut, limit],
    );
  }

  /** The language's most played films since `since`, with their plays. */
  mostPlayed(
    language: Language,
    since: Date,
    limit: number,
  ): Promise<Array<MovieEntity & { plays: number }>> {
    return this.dataSource.query(
      `WITH played AS (
         SELECT "title_id", count(*)::int AS "plays" FROM "viewing_fact"
          WHERE "plays" = 1 AND "kind" = 'movie' AND "at" > $2 GROUP BY "title_id")
       SELECT ${MOVIE_COLUMNS}, p."plays" FROM played p JOIN "movie" m ON m."id" = p."title_id"
        WHERE m."language" = $1
        ORDER BY p."plays" DESC, m."created_at" DESC, m."id"
        LIMIT $3`,
      [language, since, limit],
    );
  }
}

/** Whether the profile has watched the film: finished it, or has a place kept in it. */
const WATCHED_BY = (profile: string, movie: string) => `(
  EXISTS (SELECT 1 FROM "title_finish" w WHERE w."profile_id" = ${profile} AND w."kind" = 'movie' AND w."title_id" = ${movie}."id")
  OR EXISTS (SELECT 1 FROM "watch_progress" p WHERE p."viewer_id" = ${profile} AND p."kind" = 'movie' AND p."title_id" = ${movie}."id"))`;
