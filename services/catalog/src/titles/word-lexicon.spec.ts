import { letterCount, similarity, SIMILARITY_THRESHOLD, WordLexicon, type WordMatch } from './word-lexicon';

/** What matches() must answer, worked out the slow way: every word weighed against the token. */
function everyWordWeighed(words: string[], token: string, limit: number): WordMatch[] {
  const all: WordMatch[] = [];
  for (const word of new Set(words)) {
    if (word === token) all.push({ word, likeness: 1 });
    else if (word.startsWith(token))
      all.push({ word, likeness: 0.6 + (0.4 * letterCount(token)) / letterCount(word) });
    else if (similarity(token, word) >= SIMILARITY_THRESHOLD)
      all.push({ word, likeness: 0.9 * similarity(token, word) });
  }
  all.sort((a, b) => b.likeness - a.likeness || (a.word < b.word ? -1 : 1));
  return all.slice(0, limit);
}

describe('WordLexicon', () => {
  // A vocabulary of words alike in many ways: shared beginnings, endings, letters swapped, scripts.
  let seed = 11;
  const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  const syllables = [
    'ra',
    'ma',
    'an',
    'ki',
    'ng',
    'do',
    'sh',
    'ah',
    'id',
    'de',
    'v',
    'tho',
    're',
    'ப',
    'தி',
    'दं',
    'गल',
  ];
  const word = () =>
    Array.from(
      { length: 1 + Math.floor(random() * 4) },
      () => syllables[Math.floor(random() * syllables.length)],
    ).join('');
  const words = Array.from({ length: 3000 }, word);
  const lexicon = new WordLexicon(new Set(words));

  it('finds every word a slow scan of the whole vocabulary finds, in the same order', () => {
    const tokens = [...Array.from({ length: 400 }, word), ...words.slice(0, 200)].filter(
      (token) => letterCount(token) >= 3,
    );
    expect(tokens.length).toBeGreaterThan(300);
    for (const token of tokens) {
      expect({ token, found: lexicon.matches(token, 5) }).toEqual({
        token,
        found: everyWordWeighed(words, token, 5),
      });
    }
  });

  it('tolerates typing mistakes in Latin and Indian scripts', () => {
    const catalogue = new WordLexicon(['kingdom', 'prabhas', 'baahubali', 'தளபதி', 'दंगल', 'king']);
    expect(catalogue.matches('kingdon', 5)[0].word).toBe('kingdom');
    expect(catalogue.matches('prabhs', 5)[0].word).toBe('prabhas');
    expect(catalogue.matches('bahubali', 5)[0].word).toBe('baahubali');
    expect(catalogue.matches('தளபத', 5)[0].word).toBe('தளபதி');
    expect(catalogue.matches('दंग', 5)[0].word).toBe('दंगल');
    expect(catalogue.matches('zebra', 5)).toEqual([]);
  });

  it('prefers the shortest completions, then word order, when a token begins many words', () => {
    const catalogue = new WordLexicon(['manavalan', 'manas', 'manak', 'manal', 'mana', 'manamadurai']);
    expect(catalogue.matches('mana', 3).map((m) => m.word)).toEqual(['mana', 'manak', 'manal']);
    expect(catalogue.matches('man', 2).map((m) => m.word)).toEqual(['mana', 'manak']);
  });

  it("remembers a token's answer, per limit", () => {
    const catalogue = new WordLexicon(['kingdom', 'kingdoms']);
    const first = catalogue.matches('kingdo', 5);
    expect(catalogue.matches('kingdo', 5)).toBe(first);
    expect(catalogue.matches('kingdo', 1)).toEqual([first[0]]);
    expect(catalogue.matches('kingdo', 0)).toEqual([]);
  });
});
