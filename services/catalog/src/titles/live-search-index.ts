import type { DataSource } from 'typeorm';
import { toPublicEpisode, toSeriesWithoutCount } from '../shows/show.view';
import { toMovie } from './movie.view';
import { SearchIndex, type IndexedTitle } from './search-index';
import {
  SearchShelvesRepository,
  type ShelfRows,
  type ShelfSnapshot,
  type Stamped,
} from './search-shelves.repository';

/** Transaction ids (xid8) of one epoch share this quotient; 32-bit row xmins compare only within one. */
const EPOCH = 2 ** 32;
/** Changed rows of a table beyond which a catch-up reads the table whole (and beyond a quarter of it). */
const BULK_CHANGE_ROWS = 2000;
/** Without a catalogue version (Redis unavailable), the index is brought up to date at most this often. */
const UNVERSIONED_REFRESH_MS = 1000;

const wordsOf = (joined: string | null): string[] => (joined ? joined.split(' ').filter(Boolean) : []);

function indexed(
  row: Stamped & { id: string; title: string; createdAt: Date },
  json: unknown,
  parent?: string | null,
): IndexedTitle {
  return {
    id: row.id,
    title: row.title,
    created: row.createdAt.getTime(),
    updated: Number(row.stamp),
    json: JSON.stringify(json),
    parent: parent ?? undefined,
    words: {
      title: wordsOf(row.title_words),
      cast: wordsOf(row.cast_words),
      description: wordsOf(row.description_words),
    },
  };
}

/** The catalogue's titles as search holds them: one index per kind, each with its own words. */
export interface CatalogueIndexes {
  movies: SearchIndex;
  series: SearchIndex;
  /** Each episode's parent is its series, so the series' episode count is `episodes.childCount(id)`. */
  episodes: SearchIndex;
}

type Kind = keyof CatalogueIndexes;
/** How each shelf's rows become indexed titles. */
const INDEXED: { [K in Kind]: (row: ShelfRows[K]) => IndexedTitle } = {
  movies: (row) => indexed(row, toMovie(row)),
  // Its episode count is the episode shelf's, added as it is answered (episodes change apart from it).
  series: (row) => indexed(row, toSeriesWithoutCount(row)),
  episodes: (row) => indexed(row, toPublicEpisode(row), row.seriesId),
};
const KINDS = Object.keys(INDEXED) as Kind[];

/**
 * This catalog instance's search indexes (movies, series, episodes), kept current with the catalogue
 * in Postgres, so that every instance answers alike. Read in full at start; after that, whenever a
 * search runs at a newer catalogue version than the indexes have (every write bumps it, after
 * committing — CatalogueCache), they first catch up, in one snapshot: for each table, the rows written
 * by transactions at or after the oldest one still running at the last catch-up (xmin, so any write
 * counts, video state or a change made behind the service's back included), and its row count
 * compared with the index's size, so a deleted title is dropped and a missed one reloads that table.
 * The indexes hold each title's public answer too, read in the same snapshot, so search needs no
 * database at all between catalogue changes.
 */
export class LiveSearchIndex {
  private indexes: CatalogueIndexes = {
    movies: new SearchIndex(),
    series: new SearchIndex(),
    episodes: new SearchIndex(),
  };
  /** The catalogue version the index is known to be current at. */
  private version = -1;
  /** The oldest transaction (xid8) running at the last catch-up; undefined before the first read. */
  private horizon?: number;
  private refreshedAt = 0;
  private wanted = -1;
  private running?: Promise<void>;
  private queued?: Promise<void>;

  private readonly shelves: SearchShelvesRepository;

  constructor(dataSource: DataSource) {
    this.shelves = new SearchShelvesRepository(dataSource);
  }

  /** Starts reading the catalogue, so that the first search finds the index (mostly) built. */
  warm(): void {
    this.refresh().catch(() => undefined);
  }

  /**
   * The indexes, current at catalogue version `version`; without one (Redis could not say), as of at
   * most UNVERSIONED_REFRESH_MS ago. An older version than the indexes have is a search that read it
   * just before a bump (the indexes are the fresher for it), unless it comes a while after the last
   * catch-up: then the version was reset (Redis emptied) and the indexes catch up to be sure.
   */
  async at(version?: number): Promise<CatalogueIndexes> {
    const stale = Date.now() - this.refreshedAt > UNVERSIONED_REFRESH_MS;
    if (version === undefined ? stale : version > this.version || (version < this.version && stale))
      await this.refresh(version);
    return this.indexes;
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
    return this.shelves.snapshot(async (shelves) => {
      // The first statement fixes the snapshot of the whole catch-up.
      const next = await shelves.horizon();
      const since = this.horizon;
      if (since === undefined || Math.floor(since / EPOCH) !== Math.floor(next / EPOCH)) {
        this.indexes = await this.readAll(shelves);
        this.horizon = next;
        return;
      }
      // The counts of all three tables in one statement: a catch-up is a handful of round trips.
      const totals = await shelves.totals();
      for (const kind of KINDS) {
        const index = this.indexes[kind];
        const rows = await shelves.changedSince(kind, since % EPOCH);
        // Many rows at once (an import, a bulk update) are read again in order rather than put one by
        // one: a title put out of age order is spliced into each of its words' lists.
        if (rows.length > Math.max(BULK_CHANGE_ROWS, index.size / 4)) {
          this.indexes[kind] = await this.readShelf(shelves, kind);
          continue;
        }
        for (const row of rows) index.put(INDEXED[kind](row as never));
        if (index.size < totals[kind]) this.indexes[kind] = await this.readShelf(shelves, kind);
        else if (index.size > totals[kind]) {
          const present = await shelves.ids(kind);
          for (const id of [...index.ids()]) if (!present.has(id)) index.remove(id);
        }
      }
      // Only once all is applied: a catch-up that failed half-way is read again from the same point.
      this.horizon = next;
    });
  }

  /** New indexes of every title; searches use the old ones until they are ready. */
  private async readAll(shelves: ShelfSnapshot): Promise<CatalogueIndexes> {
    return {
      movies: await this.readShelf(shelves, 'movies'),
      series: await this.readShelf(shelves, 'series'),
      episodes: await this.readShelf(shelves, 'episodes'),
    };
  }

  private async readShelf(shelves: ShelfSnapshot, kind: Kind): Promise<SearchIndex> {
    // Newest first: each title then joins the end of its words' lists, which are kept newest first.
    const rows = await shelves.all(kind);
    const index = new SearchIndex();
    for (const row of rows) index.put(INDEXED[kind](row as never));
    return index;
  }
}
