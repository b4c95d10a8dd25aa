import { Injectable } from '@nestjs/common';
import { SEARCH_RESULT_LIMIT, type Movie } from '@chitram/contracts';
import { DataSource } from 'typeorm';
import type { MovieEntity } from './movie.entity';
import { MOVIE_COLUMNS, toMovie } from './movie.view';

/** Where a word is found, and how much a match there counts. */
const FIELDS = [
  { column: 'title_words', weight: 1 },
  { column: 'cast_words', weight: 0.8 },
  { column: 'description_words', weight: 0.4 },
] as const;
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

interface WordMatch {
  token: string;
  word: string;
  /** 1 for the word itself, less for a completion or a near miss (trigram similarity). */
  likeness: number;
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
 */
@Injectable()
export class MovieSearch {
  constructor(private readonly dataSource: DataSource) {}

  async search(term: string | undefined): Promise<Movie[]> {
    if (!term) return [];
    const matches: Array<WordMatch & { likeness: string | number }> = await this.dataSource.query(
      `SELECT t.token, w.word, w.likeness
       FROM (SELECT token FROM unnest(catalog_tokens($1)) AS token LIMIT ${MAX_TERM_WORDS}) AS t
       CROSS JOIN LATERAL (
         SELECT word,
           CASE WHEN word = t.token THEN 1.0
                WHEN starts_with(word, t.token) THEN 0.6 + 0.4 * length(t.token) / length(word)
                ELSE 0.9 * similarity(word, t.token) END AS likeness
         FROM search_word
         WHERE word = t.token
            OR (length(t.token) >= 3 AND (word % t.token OR word LIKE t.token || '%'))
         ORDER BY likeness DESC, word
         LIMIT ${WORDS_PER_TERM_WORD}) AS w`,
      [term],
    );
    const byToken = new Map<string, WordMatch[]>();
    for (const m of matches) {
      const list = byToken.get(m.token) ?? [];
      list.push({ token: m.token, word: m.word, likeness: Number(m.likeness) });
      byToken.set(m.token, list);
    }
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
    if (tokens.length === 0) return [];

    const found: MovieEntity[] = tokens.length > 1 ? await this.allWords(term, tokens, byToken) : [];
    if (found.length < SEARCH_RESULT_LIMIT) {
      found.push(
        ...(await this.bestGroups(tokens, byToken, new Set(found.map((movie) => movie.id)), found.length)),
      );
    }
    return found.map(toMovie);
  }

  /** Titles whose title or cast match every word of the term, best first. */
  private async allWords(
    term: string,
    tokens: string[],
    byToken: Map<string, WordMatch[]>,
  ): Promise<MovieEntity[]> {
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
    return this.dataSource.query(
      `SELECT ${MOVIE_COLUMNS} FROM movie m WHERE ${where}
       ORDER BY ${score} + CASE WHEN lower(m.title) = lower($1) THEN 1 ELSE 0 END DESC, m.created_at DESC
       LIMIT ${SEARCH_RESULT_LIMIT}`,
      params,
    );
  }

  /** Fills up from the best-matching (word, field) groups, newest first within a group. */
  private async bestGroups(
    tokens: string[],
    byToken: Map<string, WordMatch[]>,
    seen: Set<string>,
    have: number,
  ): Promise<MovieEntity[]> {
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
    const hits: Array<{ id: string; grp: number; created: Date }> = await this.dataSource.query(
      groups
        .map(
          ({ column }, i) =>
            `(SELECT id, ${i} AS grp, created_at AS created FROM movie WHERE ${column} @> $${i + 1}::text[] LIMIT ${SEARCH_RESULT_LIMIT})`,
        )
        .join(' UNION ALL '),
      groups.map(({ word }) => [word]),
    );
    hits.sort((a, b) => a.grp - b.grp || b.created.getTime() - a.created.getTime());
    const ids: string[] = [];
    for (const hit of hits) {
      if (have + ids.length >= SEARCH_RESULT_LIMIT) break;
      if (seen.has(hit.id)) continue;
      seen.add(hit.id);
      ids.push(hit.id);
    }
    if (ids.length === 0) return [];
    const rows: MovieEntity[] = await this.dataSource.query(
      `SELECT ${MOVIE_COLUMNS} FROM movie m WHERE m.id = ANY($1::uuid[])`,
      [ids],
    );
    const position = new Map(ids.map((id, i) => [id, i]));
    return rows.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
  }
}
