import { BestOf } from './best-of';

export interface WordMatch {
  word: string;
  /** 1 for the word itself, less for a completion or a near miss (trigram similarity). */
  likeness: number;
}

/** Near misses below this trigram similarity are not matches (pg_trgm's default `%` threshold). */
export const SIMILARITY_THRESHOLD = 0.3;
/**
 * Tokens whose matches a lexicon remembers (a search's words recur far more than its terms): past
 * this many, it starts again, so the memory stays bounded.
 */
const REMEMBERED_TOKENS = 20_000;

/**
 * The distinct trigrams of a word as pg_trgm forms them: the word padded with two spaces before and
 * one after, three letters at a time.
 */
export function trigrams(word: string): Set<string> {
  const chars = [' ', ' ', ...word, ' '];
  const found = new Set<string>();
  for (let i = 0; i + 2 < chars.length; i++) found.add(chars[i] + chars[i + 1] + chars[i + 2]);
  return found;
}

/** pg_trgm's similarity: shared trigrams over all trigrams of the two words. */
export function similarity(a: string, b: string): number {
  const x = trigrams(a);
  const y = trigrams(b);
  let shared = 0;
  for (const t of x) if (y.has(t)) shared++;
  return shared / (x.size + y.size - shared);
}

/** UTF-16 order: the database's C collation (code points) but for letters beyond U+FFFF. */
const byCodeUnit = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
export const letterCount = (word: string): number => {
  let n = 0;
  for (const _ of word) n++;
  return n;
};
const matchAhead = (a: WordMatch, b: WordMatch): boolean =>
  a.likeness > b.likeness || (a.likeness === b.likeness && a.word < b.word);

/**
 * The catalogue's words, fixed once built (a search index builds a new one when its words change):
 * sorted, for completions, and by trigram, for near misses. A near miss must share at least
 * ⌈0.3 × n⌉ of a token's n trigrams, so only the shortest n − ⌈0.3 × n⌉ + 1 trigram lists need be
 * read to find every candidate (the longest, such as a first letter's, are left out); a candidate that
 * could still reach the threshold is then counted exactly from its own trigrams.
 */
export class WordLexicon {
  private readonly sorted: string[];
  private readonly letterCounts: Int32Array;
  /** Word i's distinct trigrams (ids) are wordTrigrams[trigramStarts[i]] to wordTrigrams[trigramStarts[i + 1] - 1]. */
  private readonly trigramStarts: Int32Array;
  private readonly wordTrigrams: Int32Array;
  private readonly trigramIds = new Map<string, number>();
  /** Each trigram's words (places in `sorted`, ascending), by trigram id. */
  private readonly postings: Int32Array[] = [];
  /** Scratch space of nearMisses, kept between searches and cleared after each. */
  private readonly shared: Uint8Array;
  private readonly touched: Int32Array;
  private readonly ownTrigram: Uint8Array;
  private readonly remembered = new Map<string, readonly WordMatch[]>();

  constructor(words: Iterable<string>) {
    const sorted = [...words].sort(byCodeUnit);
    this.sorted = sorted;
    this.letterCounts = new Int32Array(sorted.length);
    this.trigramStarts = new Int32Array(sorted.length + 1);
    const wordTrigrams: number[] = [];
    const lists: number[][] = [];
    sorted.forEach((word, i) => {
      this.letterCounts[i] = letterCount(word);
      for (const trigram of trigrams(word)) {
        let id = this.trigramIds.get(trigram);
        if (id === undefined) {
          id = lists.length;
          this.trigramIds.set(trigram, id);
          lists.push([]);
        }
        lists[id].push(i);
        wordTrigrams.push(id);
      }
      this.trigramStarts[i + 1] = wordTrigrams.length;
    });
    this.wordTrigrams = Int32Array.from(wordTrigrams);
    for (const list of lists) this.postings.push(Int32Array.from(list));
    this.shared = new Uint8Array(sorted.length);
    this.touched = new Int32Array(sorted.length);
    this.ownTrigram = new Uint8Array(lists.length);
  }

  get size(): number {
    return this.sorted.length;
  }

  /**
   * The words `token` (3+ letters) may mean, best first, at most `limit`: the word itself (1), words
   * it begins (0.6 + 0.4 × its share of the word) and words within trigram similarity
   * (0.9 × similarity). Ties in word order. The answer is shared: callers must not change it.
   */
  matches(token: string, limit: number): readonly WordMatch[] {
    const key = `${limit}:${token}`;
    let found = this.remembered.get(key);
    if (found) return found;
    found = this.find(token, limit);
    if (this.remembered.size >= REMEMBERED_TOKENS) this.remembered.clear();
    this.remembered.set(key, found);
    return found;
  }

  private find(token: string, limit: number): WordMatch[] {
    const { sorted, letterCounts } = this;
    const best = new BestOf<WordMatch>(limit, matchAhead);
    const lo = this.firstAtOrAfter(token);
    // The words from `lo` to `end` begin with the token (the token itself first, when a word).
    const end = this.endOfPrefix(token, lo);
    if (lo < end && sorted[lo] === token) best.offer({ word: token, likeness: 1 });
    // A completion's likeness falls as the word grows: the shortest, then the first in word order, win.
    const length = letterCount(token);
    const completions = new BestOf<number>(
      limit,
      (a, b) => letterCounts[a] < letterCounts[b] || (letterCounts[a] === letterCounts[b] && a < b),
    );
    for (let i = lo; i < end; i++) if (sorted[i] !== token) completions.offer(i);
    for (const i of completions.list())
      best.offer({ word: sorted[i], likeness: 0.6 + (0.4 * length) / letterCounts[i] });
    this.nearMisses(token, (i, score) => {
      if (i < lo || i >= end) best.offer({ word: sorted[i], likeness: 0.9 * score });
    });
    return best.list();
  }

  /** The first place whose word is not before `token`. */
  private firstAtOrAfter(token: string): number {
    const { sorted } = this;
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid] < token) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The first place from `from` (the first word not before `token`) whose word does not begin with it. */
  private endOfPrefix(token: string, from: number): number {
    const { sorted } = this;
    let lo = from;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid].startsWith(token)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Words at SIMILARITY_THRESHOLD or above: each's place and similarity. */
  private nearMisses(token: string, near: (place: number, similarity: number) => void): void {
    const own = trigrams(token);
    const n = own.size;
    // The fewest shared trigrams that can reach the threshold: with c shared, similarity ≤ c / n.
    let fewest = 1;
    while (fewest / n < SIMILARITY_THRESHOLD) fewest++;
    const lists: Int32Array[] = [];
    const ids: number[] = [];
    for (const trigram of own) {
      const id = this.trigramIds.get(trigram);
      if (id === undefined) continue;
      ids.push(id);
      lists.push(this.postings[id]);
    }
    // Of all n trigrams, the n - fewest + 1 with the fewest words (those no word has first).
    const read = n - fewest + 1 - (n - ids.length);
    if (read <= 0) return;
    lists.sort((a, b) => a.length - b.length);
    const { shared, touched, ownTrigram, trigramStarts, wordTrigrams } = this;
    let touchedCount = 0;
    for (let l = 0; l < read; l++) {
      const words = lists[l];
      for (let k = 0; k < words.length; k++) {
        const i = words[k];
        if (shared[i]++ === 0) touched[touchedCount++] = i;
      }
    }
    // A word in few of the lists read cannot reach the threshold even if it holds every one left out.
    const unread = ids.length - read;
    for (const id of ids) ownTrigram[id] = 1;
    for (let k = 0; k < touchedCount; k++) {
      const i = touched[k];
      const from = trigramStarts[i];
      const to = trigramStarts[i + 1];
      const most = Math.min(shared[i] + unread, to - from);
      shared[i] = 0;
      if (most / (n + (to - from) - most) < SIMILARITY_THRESHOLD) continue;
      let count = 0;
      for (let t = from; t < to; t++) count += ownTrigram[wordTrigrams[t]];
      const score = count / (n + (to - from) - count);
      if (score >= SIMILARITY_THRESHOLD) near(i, score);
    }
    for (const id of ids) ownTrigram[id] = 0;
  }
}
