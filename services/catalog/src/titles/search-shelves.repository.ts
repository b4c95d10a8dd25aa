import type { DataSource, EntityManager } from 'typeorm';
import type { EpisodeEntity } from '../shows/episode.entity';
import type { SeriesEntity } from '../shows/series.entity';
import { EPISODE_COLUMNS } from '../shows/show.view';
import type { MovieEntity } from './movie.entity';
import { MOVIE_COLUMNS } from './movie.view';

/** The tables search covers. */
export type ShelfKind = 'movies' | 'series' | 'episodes';

/** What a shelf's rows carry besides the entity: the row's xmin and its words joined by spaces. */
export interface Stamped {
  stamp: string;
  title_words: string | null;
  cast_words: string | null;
  description_words: string | null;
}

/** Each shelf's rows: the entity as its public answer is made, stamped. */
export interface ShelfRows {
  movies: MovieEntity & Stamped;
  series: SeriesEntity & Stamped;
  episodes: EpisodeEntity & Stamped;
}

/** A row's xmin and words, for raw SQL over a table aliased `alias`. */
const wordColumns = (alias: string) => `${alias}.xmin::text AS stamp,
  array_to_string(${alias}.title_words, ' ') AS title_words,
  array_to_string(${alias}.cast_words, ' ') AS cast_words,
  array_to_string(${alias}.description_words, ' ') AS description_words`;

const SERIES_COLUMNS = `s.id, s.title, s.description, s.trailer_url AS "trailerUrl", s."cast", s.language,
  s.rating, s.tags, s.title_image AS "titleImage", s.genre, s.category, s.created_at AS "createdAt",
  s.updated_at AS "updatedAt"`;

/**
 * Each table, and its rows as their public answers are made, with their words joined by spaces (a word
 * never holds white space; cheaper to read than arrays) and their xmin, the transaction that last wrote
 * the row, whatever wrote it.
 */
const SHELVES: { [K in ShelfKind]: { table: string; alias: string; rows: string } } = {
  movies: { table: 'movie', alias: 'm', rows: `SELECT ${MOVIE_COLUMNS}, ${wordColumns('m')} FROM movie m` },
  series: {
    table: 'series',
    alias: 's',
    rows: `SELECT ${SERIES_COLUMNS}, ${wordColumns('s')} FROM series s`,
  },
  episodes: {
    table: 'episode',
    alias: 'e',
    rows: `SELECT ${EPISODE_COLUMNS}, ${wordColumns('e')} FROM episode e`,
  },
};
const KINDS = Object.keys(SHELVES) as ShelfKind[];

/** The shelves as one snapshot shows them. */
export class ShelfSnapshot {
  constructor(private readonly manager: EntityManager) {}

  /** The oldest transaction (xid8) still running; asked first, it fixes the snapshot. */
  async horizon(): Promise<number> {
    const [{ horizon }]: Array<{ horizon: string }> = await this.manager.query(
      'SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS horizon',
    );
    return Number(horizon);
  }

  /** The row counts of all the tables, in one statement. */
  async totals(): Promise<Record<ShelfKind, number>> {
    const [totals]: Array<Record<ShelfKind, number>> = await this.manager.query(
      `SELECT ${KINDS.map((kind) => `(SELECT count(*)::int FROM ${SHELVES[kind].table}) AS ${kind}`).join(', ')}`,
    );
    return totals;
  }

  /** The rows written by transactions whose 32-bit xmin is at or after `xmin`. */
  changedSince<K extends ShelfKind>(kind: K, xmin: number): Promise<Array<ShelfRows[K]>> {
    const shelf = SHELVES[kind];
    return this.manager.query(`${shelf.rows} WHERE ${shelf.alias}.xmin::text::bigint >= $1`, [xmin]);
  }

  /** Every row, newest first. */
  all<K extends ShelfKind>(kind: K): Promise<Array<ShelfRows[K]>> {
    const { rows, alias } = SHELVES[kind];
    return this.manager.query(`${rows} ORDER BY ${alias}.created_at DESC, ${alias}.id`);
  }

  async ids(kind: ShelfKind): Promise<Set<string>> {
    const rows: Array<{ id: string }> = await this.manager.query(`SELECT id FROM ${SHELVES[kind].table}`);
    return new Set(rows.map((row) => row.id));
  }
}

/** Every SQL statement of the search index's catch-up (tables movie, series, episode); the rules are LiveSearchIndex's. */
export class SearchShelvesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Runs `work` in one REPEATABLE READ snapshot. */
  snapshot<T>(work: (shelves: ShelfSnapshot) => Promise<T>): Promise<T> {
    return this.dataSource.transaction('REPEATABLE READ', (manager) => work(new ShelfSnapshot(manager)));
  }
}
