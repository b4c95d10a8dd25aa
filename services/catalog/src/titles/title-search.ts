import { Injectable, type OnModuleInit } from '@nestjs/common';
import {
  SEARCH_GROUP_LIMIT,
  SEARCH_RESULT_LIMIT,
  type Movie,
  type TitleSearchResults,
} from '@chitram/contracts';
import { RawJson } from '@chitram/nest-kit';
import { DataSource } from 'typeorm';
import { BestOf } from './best-of';
import { LiveSearchIndex } from './live-search-index';
import { FIELDS, type SearchIndex } from './search-index';
import type { WordMatch } from './word-lexicon';
import { searchTokens } from './search-tokens';

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

/** Scores as the database once compared them: to four decimals, so near-equal ones tie on age. */
const rounded = (score: number): number => Math.round(score * 10_000) / 10_000;

/**
 * Search over titles, cast and descriptions, tolerant of typing mistakes, in any script, answered
 * from this process's search indexes (movies, series, episodes), titles' answers included (kept
 * current with the catalogue by LiveSearchIndex): no database work but the indexes' catch-up after a
 * catalogue change.
 *
 * 1. Each word of the term is matched against the catalogue's words: the word itself, words it
 *    begins (3+ letters), and words within trigram similarity (as pg_trgm), so 'kingdon' finds
 *    'kingdom' and 'prabhs' finds 'prabhas'.
 * 2. Titles whose title or cast hold a match for every word of the term come first, ranked by how
 *    well and where each word matched.
 * 3. The rest is filled from the best (word, field) groups, newest first within a group.
 */
@Injectable()
export class TitleSearch implements OnModuleInit {
  private readonly live: LiveSearchIndex;

  constructor(dataSource: DataSource) {
    this.live = new LiveSearchIndex(dataSource);
  }

  onModuleInit(): void {
    this.live.warm();
  }

  /**
   * The movies a term finds (the film search of SPEC §7, a plain array: D28).
   * @param version  the catalogue version (CatalogueCache) the search runs at: the index catches up
   *   with it first; without one (Redis unavailable), the index is at most a second old.
   */
  async movies(term: string | undefined, version?: number): Promise<RawJson<Movie[]>> {
    if (!term) return NOTHING;
    const { movies } = await this.live.at(version);
    return new RawJson(
      jsonArray(findTitles(movies, term, SEARCH_RESULT_LIMIT).map((slot) => movies.jsonOf(slot))),
    );
  }

  /** The films, series and episodes a term finds, each group ranked on its own (issue 19). */
  async grouped(term: string | undefined, version?: number): Promise<RawJson<TitleSearchResults>> {
    if (!term) return NO_GROUPS;
    const { movies, series, episodes } = await this.live.at(version);
    const seriesJson = findTitles(series, term, SEARCH_GROUP_LIMIT).map((slot) =>
      withEpisodeCount(series.jsonOf(slot), episodes.childCount(series.idOf(slot))),
    );
    return new RawJson(
      Buffer.concat([
        GROUPS_OPEN,
        jsonArray(findTitles(movies, term, SEARCH_RESULT_LIMIT).map((slot) => movies.jsonOf(slot))),
        GROUPS_SERIES,
        jsonArray(seriesJson),
        GROUPS_EPISODES,
        jsonArray(findTitles(episodes, term, SEARCH_GROUP_LIMIT).map((slot) => episodes.jsonOf(slot))),
        GROUPS_CLOSE,
      ]),
    );
  }
}

/** The titles (slots) of `index` that `term` finds, best first, at most `limit`. */
export function findTitles(index: SearchIndex, term: string, limit: number): number[] {
  const byToken = new Map<string, readonly WordMatch[]>();
  for (const token of searchTokens(term, MAX_TERM_WORDS)) {
    const list = index.wordMatches(token, WORDS_PER_TERM_WORD);
    // A word the catalogue has as typed is what was meant: its near misses ('prabhu' for 'prabhas')
    // would only crowd the results. Completions stay ('bahu' may be the start of 'bahubali').
    const exact = list.some((m) => m.word === token);
    const kept = exact ? list.filter((m) => m.word.startsWith(token)) : list;
    if (kept.length) byToken.set(token, kept);
  }
  const meaningful = [...byToken.keys()].filter((token) => !STOP_WORDS.has(token));
  const tokens = meaningful.length > 0 ? meaningful : [...byToken.keys()];
  if (tokens.length === 0) return [];

  const found = tokens.length > 1 ? allWords(index, term, tokens, byToken, limit) : [];
  if (found.length < limit) {
    found.push(...bestGroups(index, tokens, byToken, new Set(found), found.length, limit));
  }
  return found;
}

/** A series' answer as the index keeps it (all but its episode count), with the count added. */
function withEpisodeCount(json: Buffer, count: number): Buffer {
  // The answer is a JSON object: its closing brace gives way to the count.
  return Buffer.concat([json.subarray(0, json.length - 1), Buffer.from(`,"episodeCount":${count}}`)]);
}

const NOTHING = new RawJson<Movie[]>('[]');
const NO_GROUPS = new RawJson<TitleSearchResults>('{"movies":[],"series":[],"episodes":[]}');
const GROUPS_OPEN = Buffer.from('{"movies":');
const GROUPS_SERIES = Buffer.from(',"series":');
const GROUPS_EPISODES = Buffer.from(',"episodes":');
const GROUPS_CLOSE = Buffer.from('}');
const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');

/** A JSON array of JSON values, as UTF-8: the values' bytes copied once, none encoded again. */
function jsonArray(values: Buffer[]): Buffer {
  const parts: Buffer[] = [OPEN];
  values.forEach((value, i) => {
    if (i > 0) parts.push(COMMA);
    parts.push(value);
  });
  parts.push(CLOSE);
  return Buffer.concat(parts);
}

/** Titles (slots) whose title or cast match every word of the term, best first. */
function allWords(
  index: SearchIndex,
  term: string,
  tokens: string[],
  byToken: Map<string, readonly WordMatch[]>,
  limit: number,
): number[] {
  const lowerTerm = term.toLowerCase();
  const { count, slots, scores } = index.matchingAll(
    tokens.map((token) =>
      byToken
        .get(token)!
        .flatMap(({ word, likeness }) =>
          NAME_FIELDS.map(({ field, weight }) => ({ field, word, score: rounded(likeness * weight) })),
        ),
    ),
  );
  const best = new BestOf<Found>(limit, titleAhead);
  // Thousands may match: each is weighed in one reused object, and copied only if it is kept.
  const next: Found = { slot: 0, score: 0, created: 0 };
  for (let i = 0; i < count; i++) {
    next.slot = slots[i];
    // A term that is a whole title puts that title first.
    next.score = scores[i] + (index.lowerNameOf(next.slot) === lowerTerm ? 1 : 0);
    next.created = index.createdOf(next.slot);
    if (best.wouldKeep(next)) best.offer({ ...next });
  }
  return best.list().map(({ slot }) => slot);
}

/** A title found, as allWords ranks it. */
interface Found {
  slot: number;
  score: number;
  created: number;
}

/** By score, then newest first. */
export const titleAhead = (a: Found, b: Found): boolean =>
  a.score > b.score || (a.score === b.score && a.created >= b.created);

/** Fills up from the best-matching (word, field) groups, newest first within a group. */
function bestGroups(
  index: SearchIndex,
  tokens: string[],
  byToken: Map<string, readonly WordMatch[]>,
  seen: Set<number>,
  have: number,
  limit: number,
): number[] {
  const groups = tokens
    .flatMap((token) =>
      byToken
        .get(token)!
        .flatMap(({ word, likeness }) =>
          FIELDS.map(({ field, weight }) => ({ word, field, score: likeness * weight })),
        ),
    )
    .sort((a, b) => b.score - a.score)
    .slice(0, MAX_GROUPS);
  const slots: number[] = [];
  for (const { field, word } of groups) {
    for (const slot of index.titlesOf(field, word)) {
      if (have + slots.length >= limit) return slots;
      if (seen.has(slot)) continue;
      seen.add(slot);
      slots.push(slot);
    }
  }
  return slots;
}
