import { letterCount, WordLexicon, type WordMatch } from './word-lexicon';

/** Where a word is found, and how much a match there counts. */
export const FIELDS = [
  { field: 'title', weight: 1 },
  { field: 'cast', weight: 0.8 },
  { field: 'description', weight: 0.4 },
] as const;
export type Field = (typeof FIELDS)[number]['field'];

/** A title as search sees it: its words per field, as the database's catalog_tokens() splits them. */
export interface IndexedTitle {
  id: string;
  /** Milliseconds; newer titles come first among equals. */
  created: number;
  /** Which write it is as of (any number that changes with each); put again unchanged, it is left as it is. */
  updated: number;
  title: string;
  /** Its public answer (Movie, Series, Episode) as JSON. */
  json: string;
  /** The title it belongs to (an episode's series), counted by childCount. */
  parent?: string;
  words: Record<Field, readonly string[]>;
}

/** Completions and near misses are looked for from this many letters on. */
const MIN_FUZZY_LETTERS = 3;

interface Entry extends Omit<IndexedTitle, 'json'> {
  /** Its place in the index's arrays by title (a number, so postings are compact arrays of them). */
  slot: number;
}

/** One way a word of a term may match: a catalogue word in a field, and what that match scores. */
export interface Alternative {
  field: Field;
  word: string;
  score: number;
}

/** What matchingAll found: the first `count` of `slots` and `scores`, good until its next call. */
export interface Matches {
  count: number;
  slots: Int32Array;
  scores: Float64Array;
}

const NO_SLOTS: readonly number[] = Object.freeze([]);
const EMPTY = Buffer.alloc(0);

/**
 * The catalogue's titles in memory, for search without the database: each (field, word)'s titles,
 * and the catalogue's words by prefix and by trigram, so that a mistyped word finds the words it
 * resembles. Titles are put (added or replaced) and removed one by one; what a change makes stale is
 * rebuilt when next read.
 */
export class SearchIndex {
  private readonly titles = new Map<string, Entry>();
  /** Each (field, word)'s titles (slots), newest first. */
  private readonly postings: Record<Field, Map<string, number[]>> = {
    title: new Map(),
    cast: new Map(),
    description: new Map(),
  };
  /**
   * Each catalogue word, as the one copy of it every title shares, and how many (title, field) pairs
   * hold it: a word at 0 is no longer the catalogue's.
   */
  private readonly wordUses = new Map<string, { word: string; uses: number }>();
  private lexicon?: WordLexicon;
  /** How many titles name each parent. */
  private readonly children = new Map<string, number>();
  private readonly freeSlots: number[] = [];
  private slotCount = 0;
  /** By slot: each title's id, name and creation time, read in tight loops over postings. */
  private readonly idBySlot: string[] = [];
  private readonly nameBySlot: string[] = [];
  /** Each title's name lower-cased, to tell a term that is a whole title. */
  private readonly lowerNameBySlot: string[] = [];
  /** Each title's public answer as UTF-8, ready to send: encoding it for each search cost more than the search. */
  private readonly jsonBySlot: Buffer[] = [];
  private createdBySlot = new Float64Array(1024);
  /**
   * Scratch space of matchingAll, kept between searches: by slot (`matched` and `best` cleared after
   * each), and by candidate, in the order first seen (`candidates` and their `totals`; `place` is each
   * candidate slot's place among them, read only where `matched` says it is one).
   */
  private best = new Float64Array(0);
  private matched = new Uint8Array(0);
  private place = new Int32Array(0);
  private candidates = new Int32Array(0);
  private totals = new Float64Array(0);
  private roundSlots = new Int32Array(0);
  private readonly found: Matches = { count: 0, slots: new Int32Array(0), scores: new Float64Array(0) };

  get size(): number {
    return this.titles.size;
  }

  get(id: string): IndexedTitle | undefined {
    const entry = this.titles.get(id);
    if (!entry) return undefined;
    const { slot, ...title } = entry;
    return { ...title, json: this.jsonBySlot[slot].toString('utf8') };
  }

  ids(): IterableIterator<string> {
    return this.titles.keys();
  }

  /** How many titles held belong to `parent` (a series' episodes). */
  childCount(parent: string): number {
    return this.children.get(parent) ?? 0;
  }

  /** Adds a title or replaces the one with its id (unless that one is as of the same write). */
  put(title: IndexedTitle): void {
    const old = this.titles.get(title.id);
    if (old) {
      if (old.updated === title.updated) return;
      this.remove(title.id);
    }
    const slot = this.freeSlots.pop() ?? this.slotCount++;
    if (slot >= this.createdBySlot.length) {
      const grown = new Float64Array(this.createdBySlot.length * 2);
      grown.set(this.createdBySlot);
      this.createdBySlot = grown;
    }
    this.idBySlot[slot] = title.id;
    this.nameBySlot[slot] = title.title;
    this.lowerNameBySlot[slot] = title.title.toLowerCase();
    this.jsonBySlot[slot] = Buffer.from(title.json);
    this.createdBySlot[slot] = title.created;
    const words = {
      title: this.intern(title.words.title),
      cast: this.intern(title.words.cast),
      description: this.intern(title.words.description),
    };
    for (const { field } of FIELDS) {
      for (const word of words[field]) {
        const slots = this.postings[field].get(word);
        if (slots) this.insertByAge(slots, slot);
        else this.postings[field].set(word, [slot]);
        this.wordUses.get(word)!.uses++;
      }
    }
    if (title.parent) this.children.set(title.parent, this.childCount(title.parent) + 1);
    const { json: _json, ...kept } = title;
    this.titles.set(title.id, { ...kept, words, slot });
  }

  /** The distinct words of a list, each as the index's one copy of it (new words become the copy). */
  private intern(words: readonly string[]): string[] {
    const distinct: string[] = [];
    for (const word of words) {
      let use = this.wordUses.get(word);
      if (!use) {
        use = { word, uses: 0 };
        this.wordUses.set(word, use);
        this.lexicon = undefined;
      }
      if (!distinct.includes(use.word)) distinct.push(use.word);
    }
    return distinct;
  }

  remove(id: string): void {
    const entry = this.titles.get(id);
    if (!entry) return;
    this.titles.delete(id);
    if (entry.parent) {
      const left = this.childCount(entry.parent) - 1;
      if (left > 0) this.children.set(entry.parent, left);
      else this.children.delete(entry.parent);
    }
    for (const { field } of FIELDS) {
      for (const word of entry.words[field]) {
        const slots = this.postings[field].get(word);
        if (slots) {
          const at = slots.indexOf(entry.slot);
          if (at >= 0) slots.splice(at, 1);
          if (slots.length === 0) this.postings[field].delete(word);
        }
        const use = this.wordUses.get(word);
        if (use && --use.uses === 0) {
          this.wordUses.delete(word);
          this.lexicon = undefined;
        }
      }
    }
    this.idBySlot[entry.slot] = '';
    this.nameBySlot[entry.slot] = '';
    this.lowerNameBySlot[entry.slot] = '';
    this.jsonBySlot[entry.slot] = EMPTY;
    this.freeSlots.push(entry.slot);
  }

  /** The id of the title at `slot` (as titlesOf and matchingAll answer). */
  idOf(slot: number): string {
    return this.idBySlot[slot];
  }

  nameOf(slot: number): string {
    return this.nameBySlot[slot];
  }

  /** The title's name lower-cased (as String.prototype.toLowerCase has it). */
  lowerNameOf(slot: number): string {
    return this.lowerNameBySlot[slot];
  }

  createdOf(slot: number): number {
    return this.createdBySlot[slot];
  }

  /** The public answer (Movie, Series, Episode) of the title at `slot`, as JSON in UTF-8. */
  jsonOf(slot: number): Buffer {
    return this.jsonBySlot[slot];
  }

  /**
   * The catalogue words `token` may mean, best first, at most `limit` (WordLexicon.matches): the word
   * itself, and its completions and near misses only for tokens of 3+ letters. The answer is shared.
   */
  wordMatches(token: string, limit: number): readonly WordMatch[] {
    if (letterCount(token) >= MIN_FUZZY_LETTERS) return this.currentLexicon().matches(token, limit);
    return limit > 0 && this.wordUses.has(token) ? [{ word: token, likeness: 1 }] : [];
  }

  /**
   * The titles (slots) that match every one of `terms` (one list of alternatives per word of a search
   * term), each scored with the sum, over the terms, of its best-scoring alternative. Works through
   * the term with the fewest titles first: later terms only add to titles still in the running. The
   * answer is scratch space, good until the next call.
   */
  matchingAll(terms: ReadonlyArray<readonly Alternative[]>): Matches {
    const found = this.found;
    found.count = 0;
    if (terms.length === 0) return found;
    this.growScratch();
    const rounds = terms
      .map((alternatives) => {
        const lists = alternatives.map(({ field, word, score }) => ({
          score,
          slots: this.titlesOf(field, word),
        }));
        return { lists, size: lists.reduce((sum, { slots }) => sum + slots.length, 0) };
      })
      .sort((a, b) => a.size - b.size);
    const { best, matched, place, candidates, totals, roundSlots } = this;
    // The first round's titles are the candidates, its best scores their totals so far. `matched`
    // (a byte a title) says whether a title was seen: its reads stay in the processor's cache, where
    // reading a total by title for each of thousands of titles would not.
    let candidateCount = 0;
    for (const { slots, score } of rounds[0].lists) {
      for (let i = 0; i < slots.length; i++) {
        const slot = slots[i];
        if (matched[slot] === 0) {
          matched[slot] = 1;
          place[slot] = candidateCount;
          candidates[candidateCount] = slot;
          totals[candidateCount++] = score;
        } else if (score > totals[place[slot]]) totals[place[slot]] = score;
      }
    }
    // Later rounds only keep or drop them.
    for (let round = 1; round < rounds.length && candidateCount > 0; round++) {
      let touchedCount = 0;
      for (const { slots, score } of rounds[round].lists) {
        for (let i = 0; i < slots.length; i++) {
          const slot = slots[i];
          if (matched[slot] !== round) continue;
          if (best[slot] === 0) roundSlots[touchedCount++] = slot;
          if (score > best[slot]) best[slot] = score;
        }
      }
      for (let k = 0; k < touchedCount; k++) {
        const slot = roundSlots[k];
        totals[place[slot]] += best[slot];
        best[slot] = 0;
        matched[slot] = round + 1;
      }
      if (touchedCount === 0) break;
    }
    // Titles of the first round not matched in a later one stay behind with a lower count.
    for (let k = 0; k < candidateCount; k++) {
      const slot = candidates[k];
      if (matched[slot] === rounds.length) {
        found.slots[found.count] = slot;
        found.scores[found.count++] = totals[k];
      }
      matched[slot] = 0;
    }
    return found;
  }

  /** The titles (slots) whose `field` holds `word`, newest first. */
  titlesOf(field: Field, word: string): readonly number[] {
    return this.postings[field].get(word) ?? NO_SLOTS;
  }

  /** Puts `slot` among a posting's slots by age, newest first, after any as old as it. */
  private insertByAge(slots: number[], slot: number): void {
    const created = this.createdBySlot;
    const age = created[slot];
    // Titles mostly arrive oldest last (a full read is newest first) or newest first (a new title).
    if (created[slots[slots.length - 1]] >= age) {
      slots.push(slot);
      return;
    }
    let lo = 0;
    let hi = slots.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (created[slots[mid]] >= age) lo = mid + 1;
      else hi = mid;
    }
    slots.splice(lo, 0, slot);
  }

  private growScratch(): void {
    if (this.best.length >= this.slotCount) return;
    const size = Math.max(1024, this.slotCount * 2);
    this.best = new Float64Array(size);
    this.matched = new Uint8Array(size);
    this.place = new Int32Array(size);
    this.candidates = new Int32Array(size);
    this.totals = new Float64Array(size);
    this.roundSlots = new Int32Array(size);
    this.found.slots = new Int32Array(size);
    this.found.scores = new Float64Array(size);
  }

  private currentLexicon(): WordLexicon {
    this.lexicon ??= new WordLexicon(this.wordUses.keys());
    return this.lexicon;
  }
}
