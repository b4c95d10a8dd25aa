import { Injectable } from '@nestjs/common';
import { SEARCH_RESULT_LIMIT, type Movie } from '@chitram/contracts';
import { RawJson } from '@chitram/nest-kit';
import { DataSource } from 'typeorm';
import { VersionedMemo } from '../cache/versioned-memo';
import type { MovieEntity } from './movie.entity';
import { MOVIE_COLUMNS, toMovie } from './movie.view';
import { searchTokens } from './search-tokens';

/** Where a word is found, and how much a match there counts. */
const FIELDS = [
  { column: 'title_words', weight: 1 },
  { column: 'cast_words', weight: 0.8 },
  { column: 'description_words', weight: 0.4 },
] as const;
type Column = (typeof FIELDS)[number]['column'];
/** Terms of several words must all match in the title or the cast; descriptions only fill up. */
const NAME_FIELDS = FIELDS.slice(0, 2);
/** Catalogue words considered for each word of the term (the exact word, its completions, near misses). */
const WORDS_PER_TERM_WORD = 5;
const MAX_TERM_WORDS = 6;
/** (word, field) groups read when the term's words are not all found together. */
const MAX_GROUPS = 12;
/** Words too common to narrow a term of several words. */
const STOP_WORDS = new Set([
  'the',
  'a',
  'an',
  'of',
  'and',
  'in',
  'on',
  'to',
  'for',
  'with',
  'from',
  'is',
  'at',
  'by',
]);
/** How many of each part one catalog process remembers (some tens of megabytes at most). */
const MEMO_SIZES = { words: 20_000, groups: 20_000, titles: 20_000 };

interface WordMatch {
  word: string;
  /** 1 for the word itself, less for a completion or a near miss (trigram similarity). */
  likeness: number;
}

/** A title of a (word, field) group: the first found, shown newest first. */
interface GroupHit {
  id: string;
  created: number;
}

/**
 * Search over titles, cast and descriptions, tolerant of typing mistakes, in any script.
 *
 * 1. Each word of the term is matched against the catalogue's words (table search_word, kept by a
 *    trigger): the word itself, words it begins (3+ letters), and words within trigram similarity
 *    (pg_trgm), so 'kingdon' finds 'kingdom' and 'prabhs' finds 'prabhas'.
 * 2. Titles whose title or cast hold a match for every word of the term come first, ranked by how
 *    well and where each word matched.
 * 3. The rest is filled from the best (word, field) groups through the word indexes; a title in a
 *    group matches as well as any other there, so each group is read with a bare LIMIT, which keeps
 *    the cost of a very common word as low as that of a rare one.
 *
 * What steps 1 and 3 read, and the titles shown (as JSON), are remembered under the catalogue
 * version the search runs at (VersionedMemo): a new term made of known words costs the database
 * little or nothing. Each step that must ask the database asks once for all it lacks.
 */
@Injectable()
export class MovieSearch {
  private readonly words = new VersionedMemo<WordMatch[]>(MEMO_SIZES.words);
  private readonly groups = new VersionedMemo<GroupHit[]>(MEMO_SIZES.groups);
  /** Each title's public answer (Movie) as JSON. */
  private readonly titles = new VersionedMemo<string>(MEMO_SIZES.titles);

  constructor(private readonly dataSource: DataSource) {}

  /**
   * @param version  the catalogue version (CatalogueCache) the search runs at; without one, nothing
   *   is remembered or recalled.
   */
  async search(term: string | undefined, version?: number): Promise<RawJson<Movie[]>> {
    if (!term) return NOTHING;
    const byToken = await this.matches(searchTokens(term, MAX_TERM_WORDS), version);
    // A word the catalogue has as typed is what was meant: its near misses ('prabhu' for 'prabhas')
    // would only crowd the results. Completions stay ('bahu' may be the start of 'bahubali').
    for (const [token, list] of byToken) {
      if (list.some((m) => m.word === token)) {
        byToken.set(
          token,
          list.filter((m) => m.word === token || m.word.startsWith(token)),
        );
      }
    }
    const meaningful = [...byToken.keys()].filter((token) => !STOP_WORDS.has(token));
    const tokens = meaningful.length > 0 ? meaningful : [...byToken.keys()];
    if (tokens.length === 0) return NOTHING;

    const found: string[] = tokens.length > 1 ? await this.allWords(term, tokens, byToken) : [];
    if (found.length < SEARCH_RESULT_LIMIT) {
      found.push(...(await this.bestGroups(tokens, byToken, new Set(found), found.length, version)));
    }
    return this.movies(found, version);
  }

  /** The catalogue words each token may mean, best first; tokens nothing resembles are left out. */
  private async matches(tokens: string[], version?: number): Promise<Map<string, WordMatch[]>> {
    const known = new Map<string, WordMatch[]>();
    for (const token of tokens) {
      const memo = version === undefined ? undefined : this.words.get(version, token);
      if (memo) known.set(token, memo);
    }
    const missing = tokens.filter((token) => !known.has(token));
    if (missing.length) {
      const rows: Array<{ n: string; word: string | null; likeness: string | number | null }> =
        await this.dataSource.query(
          `SELECT t.n, w.word, w.likeness
           FROM unnest($1::text[]) WITH ORDINALITY AS t(token, n)
           LEFT JOIN LATERAL (
             SELECT word,
               CASE WHEN word = t.token THEN 1.0
                    WHEN starts_with(word, t.token) THEN 0.6 + 0.4 * length(t.token) / length(word)
                    ELSE 0.9 * similarity(word, t.token) END AS likeness
             FROM search_word
             WHERE word = t.token
                OR (length(t.token) >= 3 AND (word % t.token OR word LIKE t.token || '%'))
             ORDER BY likeness DESC, word
             LIMIT ${WORDS_PER_TERM_WORD}) AS w ON true
           ORDER BY t.n, w.likeness DESC, w.word`,
          [missing],
        );
      for (const token of missing) known.set(token, []);
      for (const row of rows) {
        if (row.word !== null) {
          known.get(missing[Number(row.n) - 1])!.push({ word: row.word, likeness: Number(row.likeness) });
        }
      }
      if (version !== undefined)
        for (const token of missing) this.words.set(version, token, known.get(token)!);
    }
    const byToken = new Map<string, WordMatch[]>();
    for (const token of tokens) {
      const list = known.get(token)!;
      if (list.length) byToken.set(token, [...list]);
    }
    return byToken;
  }

  /** Titles whose title or cast match every word of the term, best first. */
  private async allWords(
    term: string,
    tokens: string[],
    byToken: Map<string, WordMatch[]>,
  ): Promise<string[]> {
    const params: unknown[] = [term];
    const param = (value: unknown) => `$${params.push(value)}`;
    const score = tokens
      .map((token) => {
        const cases = byToken.get(token)!.flatMap(({ word, likeness }) => {
          const p = param([word]);
          return NAME_FIELDS.map(
            ({ column, weight }) =>
              `CASE WHEN m.${column} @> ${p}::text[] THEN ${(likeness * weight).toFixed(4)} ELSE 0 END`,
          );
        });
        return `GREATEST(${cases.join(', ')})`;
      })
      .join(' + ');
    const where = tokens
      .map((token) => {
        const p = param(byToken.get(token)!.map((m) => m.word));
        return `(${NAME_FIELDS.map(({ column }) => `m.${column} && ${p}::text[]`).join(' OR ')})`;
      })
      .join(' AND ');
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT m.id FROM movie m WHERE ${where}
       ORDER BY ${score} + CASE WHEN lower(m.title) = lower($1) THEN 1 ELSE 0 END DESC, m.created_at DESC
       LIMIT ${SEARCH_RESULT_LIMIT}`,
      params,
    );
    return rows.map((row) => row.id);
  }

  /** Fills up from the best-matching (word, field) groups, newest first within a group. */
  private async bestGroups(
    tokens: string[],
    byToken: Map<string, WordMatch[]>,
    seen: Set<string>,
    have: number,
    version?: number,
  ): Promise<string[]> {
    const groups = tokens
      .flatMap((token) =>
        byToken
          .get(token)!
          .flatMap(({ word, likeness }) =>
            FIELDS.map(({ column, weight }) => ({ word, column, score: likeness * weight })),
          ),
      )
      .sort((a, b) => b.score - a.score)
      .slice(0, MAX_GROUPS);
    const hits = await this.groupHits(groups, version);
    const ids: string[] = [];
    for (const group of hits) {
      for (const hit of group) {
        if (have + ids.length >= SEARCH_RESULT_LIMIT) return ids;
        if (seen.has(hit.id)) continue;
        seen.add(hit.id);
        ids.push(hit.id);
      }
    }
    return ids;
  }

  /** Each group's titles, newest first: remembered ones, the others read in one statement. */
  private async groupHits(
    groups: Array<{ word: string; column: Column }>,
    version?: number,
  ): Promise<GroupHit[][]> {
    const keyOf = ({ word, column }: { word: string; column: Column }) => `${column}:${word}`;
    const hits = groups.map((group) =>
      version === undefined ? undefined : this.groups.get(version, keyOf(group)),
    );
    const missing = groups.flatMap((group, i) => (hits[i] ? [] : [{ ...group, i }]));
    if (missing.length) {
      const rows: Array<{ grp: number; id: string; created: Date }> = await this.dataSource.query(
        missing
          .map(
            ({ column, i }, n) =>
              `(SELECT id, ${i} AS grp, created_at AS created FROM movie WHERE ${column} @> $${n + 1}::text[] LIMIT ${SEARCH_RESULT_LIMIT})`,
          )
          .join(' UNION ALL '),
        missing.map(({ word }) => [word]),
      );
      for (const { i } of missing) hits[i] = [];
      for (const row of rows) hits[row.grp]!.push({ id: row.id, created: row.created.getTime() });
      for (const { i } of missing) {
        hits[i]!.sort((a, b) => b.created - a.created);
        if (version !== undefined) this.groups.set(version, keyOf(groups[i]), hits[i]!);
      }
    }
    return hits as GroupHit[][];
  }

  /** The titles of `ids`, in that order, as JSON: remembered ones, the others read in one statement. */
  private async movies(ids: string[], version?: number): Promise<RawJson<Movie[]>> {
    const known = new Map<string, string>();
    for (const id of ids) {
      const memo = version === undefined ? undefined : this.titles.get(version, id);
      if (memo) known.set(id, memo);
    }
    const missing = ids.filter((id) => !known.has(id));
    if (missing.length) {
      const rows: MovieEntity[] = await this.dataSource.query(
        `SELECT ${MOVIE_COLUMNS} FROM movie m WHERE m.id = ANY($1::uuid[])`,
        [missing],
      );
      for (const row of rows) {
        const movie = JSON.stringify(toMovie(row));
        known.set(row.id, movie);
        if (version !== undefined) this.titles.set(version, row.id, movie);
      }
    }
    // A title deleted since its group was read is left out.
    return new RawJson(`[${ids.flatMap((id) => known.get(id) ?? []).join(',')}]`);
  }
}

const NOTHING = new RawJson<Movie[]>('[]');
