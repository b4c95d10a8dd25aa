import type { DataSource, EntityManager } from 'typeorm';
import type { MovieEntity } from './movie.entity';
import { MOVIE_COLUMNS, toMovie } from './movie.view';
import { SearchIndex, type IndexedTitle } from './search-index';

/** Transaction ids (xid8) of one epoch share this quotient; 32-bit row xmins compare only within one. */
const EPOCH = 2 ** 32;
/** Without a catalogue version (Redis unavailable), the index is brought up to date at most this often. */
const UNVERSIONED_REFRESH_MS = 1000;

/**
 * Each title as its public answer is made, with its words joined by spaces (a word never holds white
 * space; cheaper to read than arrays) and its xmin, the transaction that last wrote the row, whatever
 * wrote it.
 */
const TITLE_ROWS = `SELECT ${MOVIE_COLUMNS}, m.xmin::text AS stamp,
  array_to_string(m.title_words, ' ') AS title_words,
  array_to_string(m.cast_words, ' ') AS cast_words,
  array_to_string(m.description_words, ' ') AS description_words
  FROM movie m`;

interface TitleRow extends MovieEntity {
  stamp: string;
  title_words: string | null;
  cast_words: string | null;
  description_words: string | null;
}

const wordsOf = (joined: string | null): string[] => (joined ? joined.split(' ').filter(Boolean) : []);

function indexed(row: TitleRow): IndexedTitle {
  return {
    id: row.id,
    title: row.title,
    created: row.createdAt.getTime(),
    updated: Number(row.stamp),
    json: JSON.stringify(toMovie(row)),
    words: {
      title: wordsOf(row.title_words),
      cast: wordsOf(row.cast_words),
      description: wordsOf(row.description_words),
    },
  };
}

/**
 * This catalog instance's SearchIndex, kept current with the catalogue in Postgres, so that every
 * instance answers alike. Read in full at start; after that, whenever a search runs at a newer
 * catalogue version than the index has (every write bumps it, after committing — CatalogueCache), the
 * index first catches up, in one snapshot: it reads the rows written by transactions at or after the
 * oldest one still running at the last catch-up (xmin, so any write counts, video state or a change
 * made behind the service's back included), and compares its size with the table's, so a deleted
 * title is dropped and a missed one reloads everything. The index holds each title's public answer
 * too, read in the same snapshot, so search needs no database at all between catalogue changes.
 */
export class LiveSearchIndex {
  private index = new SearchIndex();
  /** The catalogue version the index is known to be current at. */
  private version = -1;
  /** The oldest transaction (xid8) running at the last catch-up; undefined before the first read. */
  private horizon?: number;
  private refreshedAt = 0;
  private wanted = -1;
  private running?: Promise<void>;
  private queued?: Promise<void>;

  constructor(private readonly dataSource: DataSource) {}

  /** Starts reading the catalogue, so that the first search finds the index (mostly) built. */
  warm(): void {
    this.refresh().catch(() => undefined);
  }

  /**
   * The index, current at catalogue version `version`; without one (Redis could not say), as of at
   * most UNVERSIONED_REFRESH_MS ago. An older version than the index has is a search that read it
   * just before a bump (the index is the fresher for it), unless it comes a while after the last
   * catch-up: then the version was reset (Redis emptied) and the index catches up to be sure.
   */
  async at(version?: number): Promise<SearchIndex> {
    const stale = Date.now() - this.refreshedAt > UNVERSIONED_REFRESH_MS;
    if (version === undefined ? stale : version > this.version || (version < this.version && stale))
      await this.refresh(version);
    return this.index;
  }

  /**
   * One catch-up at a time; requests arriving meanwhile share the next one, which starts after the
   * running one and so sees every write announced before they asked.
   */
  private refresh(version?: number): Promise<void> {
    if (version !== undefined) this.wanted = version;
    this.queued ??= (this.running ?? Promise.resolve())
      .catch(() => undefined)
      .then(() => {
        this.queued = undefined;
        const wanted = this.wanted;
        this.running = this.catchUp().then(() => {
          this.version = wanted;
          this.refreshedAt = Date.now();
        });
        return this.running;
      });
    return this.queued;
  }

  private catchUp(): Promise<void> {
    return this.dataSource.transaction('REPEATABLE READ', async (manager) => {
      // The first statement fixes the snapshot of the whole catch-up.
      const [{ horizon }]: Array<{ horizon: string }> = await manager.query(
        'SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS horizon',
      );
      const since = this.horizon;
      const next = Number(horizon);
      if (since === undefined || Math.floor(since / EPOCH) !== Math.floor(next / EPOCH)) {
        await this.readAll(manager);
        this.horizon = next;
        return;
      }
      const rows: TitleRow[] = await manager.query(`${TITLE_ROWS} WHERE xmin::text::bigint >= $1`, [
        since % EPOCH,
      ]);
      const [{ total }]: Array<{ total: number }> = await manager.query(
        'SELECT count(*)::int AS total FROM movie',
      );
      for (const row of rows) this.index.put(indexed(row));
      if (this.index.size < total) await this.readAll(manager);
      else if (this.index.size > total) {
        const present = new Set(
          (await manager.query<Array<{ id: string }>>('SELECT id FROM movie')).map((row) => row.id),
        );
        for (const id of [...this.index.ids()]) if (!present.has(id)) this.index.remove(id);
      }
      // Only once all is applied: a catch-up that failed half-way is read again from the same point.
      this.horizon = next;
    });
  }

  /** Builds a new index from every title; searches use the old one until it is ready. */
  private async readAll(manager: EntityManager): Promise<void> {
    // Newest first: each title then joins the end of its words' lists, which are kept newest first.
    const rows: TitleRow[] = await manager.query(`${TITLE_ROWS} ORDER BY m.created_at DESC, m.id`);
    const index = new SearchIndex();
    for (const row of rows) index.put(indexed(row));
    this.index = index;
  }
}
