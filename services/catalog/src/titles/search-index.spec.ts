import { SearchIndex, type IndexedTitle, type Matches } from './search-index';
import { similarity, trigrams } from './word-lexicon';

let clock = 0;
const title = (id: string, name: string, cast = '', description = '', created = ++clock): IndexedTitle => ({
  id,
  title: name,
  created,
  updated: created,
  json: JSON.stringify({ _id: id, title: name }),
  words: {
    title: name.toLowerCase().split(' ').filter(Boolean),
    cast: cast.toLowerCase().split(' ').filter(Boolean),
    description: description.toLowerCase().split(' ').filter(Boolean),
  },
});
const idsOf = (index: SearchIndex, slots: readonly number[]) => slots.map((slot) => index.idOf(slot));
const scoresOf = (index: SearchIndex, { count, slots, scores }: Matches) =>
  Array.from({ length: count }, (_, i) => [index.idOf(slots[i]), scores[i]] as const);

describe('trigrams and similarity, as pg_trgm has them', () => {
  it('pads a word with two spaces before and one after, and counts each trigram once', () => {
    expect([...trigrams('kingdon')].sort()).toEqual(
      ['  k', ' ki', 'don', 'gdo', 'ing', 'kin', 'ngd', 'on '].sort(),
    );
    expect(trigrams('ಪಾಮಯಿ').size).toBe(6);
  });

  it('matches the database: similarity(kingdon, kingdom) = 0.6', () => {
    expect(similarity('kingdon', 'kingdom')).toBeCloseTo(0.6, 6);
    expect(similarity('ಪಾಮಯಿ', 'ಪಾಮಯ')).toBeCloseTo(0.5714286, 6);
  });
});

describe('SearchIndex', () => {
  it("counts each parent's titles as they are put, replaced and removed (a series' episodes)", () => {
    const index = new SearchIndex();
    const episode = (id: string, series: string, updated = 1): IndexedTitle => ({
      ...title(id, `Episode ${id}`),
      updated,
      parent: series,
    });
    index.put(episode('e1', 's1'));
    index.put(episode('e2', 's1'));
    index.put(episode('e3', 's2'));
    index.put(title('m1', 'No Parent'));
    expect([index.childCount('s1'), index.childCount('s2'), index.childCount('s3')]).toEqual([2, 1, 0]);
    // A new write of the same episode counts once; a move to another series moves the count.
    index.put(episode('e2', 's1', 2));
    index.put(episode('e3', 's1', 2));
    expect([index.childCount('s1'), index.childCount('s2')]).toEqual([3, 0]);
    index.remove('e1');
    index.remove('m1');
    expect(index.childCount('s1')).toBe(2);
  });

  it('finds a word itself first, then its completions, then near misses', () => {
    const index = new SearchIndex();
    index.put(title('1', 'Kingdom Come'));
    index.put(title('2', 'Kingdoms Fall'));
    index.put(title('3', 'Kingdon Road'));
    const matches = index.wordMatches('kingdom', 5);
    expect(matches.map((m) => m.word)).toEqual(['kingdom', 'kingdoms', 'kingdon']);
    expect(matches[0].likeness).toBe(1);
    expect(matches[1].likeness).toBeCloseTo(0.6 + (0.4 * 7) / 8, 6);
    expect(matches[2].likeness).toBeCloseTo(0.9 * similarity('kingdom', 'kingdon'), 6);
  });

  it('tolerates a typing mistake, in Latin and in Indian scripts', () => {
    const index = new SearchIndex();
    index.put(title('1', 'Baahubali', 'Prabhas'));
    index.put(title('2', 'தளபதி'));
    index.put(title('3', 'दंगल'));
    expect(index.wordMatches('prabhs', 5)[0].word).toBe('prabhas');
    expect(index.wordMatches('bahubali', 5)[0].word).toBe('baahubali');
    expect(index.wordMatches('தளபத', 5)[0].word).toBe('தளபதி');
    expect(index.wordMatches('दंग', 5)[0].word).toBe('दंगल');
  });

  it('finds nothing fuzzy for words under three letters, nor far-off words', () => {
    const index = new SearchIndex();
    index.put(title('1', 'Om Shanti Om'));
    expect(index.wordMatches('om', 5)).toEqual([{ word: 'om', likeness: 1 }]);
    expect(index.wordMatches('sh', 5)).toEqual([]);
    expect(index.wordMatches('zebra', 5)).toEqual([]);
  });

  it("lists a word's titles newest first, per field", () => {
    const index = new SearchIndex();
    index.put(title('old', 'Monsoon Wedding', '', '', 1));
    index.put(title('new', 'Monsoon Kingdom', '', '', 3));
    index.put(title('cast', 'Other', 'Monsoon Raju', '', 2));
    expect(idsOf(index, index.titlesOf('title', 'monsoon'))).toEqual(['new', 'old']);
    expect(idsOf(index, index.titlesOf('cast', 'monsoon'))).toEqual(['cast']);
    expect(index.titlesOf('description', 'monsoon')).toEqual([]);
  });

  it('keeps titles newest first whatever order they arrive in, and equals in the order they came', () => {
    const index = new SearchIndex();
    for (const [id, created] of [
      ['b', 20],
      ['a', 30],
      ['c', 10],
      ['tie-first', 20],
      ['d', 25],
      ['tie-second', 20],
      ['newest', 40],
    ] as const)
      index.put(title(id, 'River', '', '', created));
    expect(idsOf(index, index.titlesOf('title', 'river'))).toEqual([
      'newest',
      'a',
      'd',
      'b',
      'tie-first',
      'tie-second',
      'c',
    ]);
  });

  it('keeps only the best few words when a token begins or resembles many', () => {
    const index = new SearchIndex();
    index.put(title('1', 'mana manas manal manav manak manam manat manay'));
    const matches = index.wordMatches('mana', 3);
    expect(matches.map((m) => m.word)).toEqual(['mana', 'manak', 'manal']);
  });

  it('replaces a renamed title and forgets a removed one, words included', () => {
    const index = new SearchIndex();
    index.put(title('1', 'Monsoon Kingdom', '', '', 1));
    index.put(title('2', 'Kingdom Come', '', '', 2));
    index.put({ ...title('1', 'Monsoon Palace', '', '', 1), updated: 5 });
    expect(idsOf(index, index.titlesOf('title', 'kingdom'))).toEqual(['2']);
    expect(idsOf(index, index.titlesOf('title', 'palace'))).toEqual(['1']);
    expect(index.get('1')?.title).toBe('Monsoon Palace');
    expect(JSON.parse(index.jsonOf(index.titlesOf('title', 'palace')[0]).toString())).toEqual({
      _id: '1',
      title: 'Monsoon Palace',
    });
    index.remove('2');
    expect(index.size).toBe(1);
    expect(index.titlesOf('title', 'kingdom')).toEqual([]);
    expect(index.wordMatches('kingdom', 5)).toEqual([]);
    expect(index.wordMatches('palac', 5).map((m) => m.word)).toEqual(['palace']);
  });

  it('leaves a title put again unchanged when it was not updated', () => {
    const index = new SearchIndex();
    const first = title('1', 'Monsoon Kingdom');
    index.put(first);
    index.put({ ...first, title: 'Ignored' });
    expect(index.get('1')?.title).toBe('Monsoon Kingdom');
  });

  it('finds the titles matching every word, scored by the best alternative of each', () => {
    const index = new SearchIndex();
    index.put(title('both-in-title', 'Monsoon Kingdom', 'Anushka'));
    index.put(title('one-in-cast', 'Monsoon Nights', 'Kingdom Raju'));
    index.put(title('only-one', 'Kingdom Come'));
    index.put(title('near-miss', 'Monsoon Kingdon'));
    const found = index.matchingAll([
      [{ field: 'title', word: 'monsoon', score: 1 }],
      [
        { field: 'title', word: 'kingdom', score: 1 },
        { field: 'cast', word: 'kingdom', score: 0.8 },
        { field: 'title', word: 'kingdon', score: 0.5 },
      ],
    ]);
    const scores = Object.fromEntries(scoresOf(index, found));
    expect(scores).toEqual({ 'both-in-title': 2, 'one-in-cast': 1.8, 'near-miss': 1.5 });
    // The scratch space is clean for the next search.
    expect(scoresOf(index, index.matchingAll([[{ field: 'title', word: 'come', score: 1 }]]))).toEqual([
      ['only-one', 1],
    ]);
  });

  it('reuses the place of a removed title without mixing it with the next', () => {
    const index = new SearchIndex();
    index.put(title('1', 'Red River'));
    index.remove('1');
    index.put(title('2', 'Blue River'));
    expect(idsOf(index, index.titlesOf('title', 'river'))).toEqual(['2']);
    expect(index.matchingAll([[{ field: 'title', word: 'red', score: 1 }]]).count).toBe(0);
  });
});
