import { BestOf } from './best-of';
import { titleAhead } from './title-search';

describe('the best titles of a search (BestOf, titleAhead)', () => {
  const best = (limit: number, offers: Array<[slot: number, score: number, created: number]>) => {
    const kept = new BestOf(limit, titleAhead);
    for (const [slot, score, created] of offers) kept.offer({ slot, score, created });
    return kept.list().map(({ slot }) => slot);
  };

  it('keeps the best scores, newest first among equal scores, the earlier offered first among equals', () => {
    expect(
      best(4, [
        [1, 1.5, 10],
        [2, 2, 5],
        [3, 1.5, 30],
        [4, 0.5, 99],
        [5, 1.5, 30],
        [6, 2, 1],
      ]),
    ).toEqual([2, 6, 3, 5]);
  });

  it('agrees with sorting every title, whatever the order they come in', () => {
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const offers = Array.from({ length: 500 }, (_, slot): [number, number, number] => [
      slot,
      Math.round(random() * 8) / 4,
      Math.floor(random() * 50),
    ]);
    const sorted = [...offers].sort((a, b) => b[1] - a[1] || b[2] - a[2]).map(([slot]) => slot);
    expect(best(20, offers)).toEqual(sorted.slice(0, 20));
    expect(best(0, offers)).toEqual([]);
  });

  it('says beforehand whether an offer would be kept (wouldKeep), as offering it finds', () => {
    const kept = new BestOf(3, titleAhead);
    const offers: Array<[number, number, number]> = [
      [1, 1, 10],
      [2, 2, 5],
      [3, 1, 10],
      [4, 1, 10],
      [5, 0.5, 99],
      [6, 1, 11],
      [7, 3, 0],
    ];
    for (const [slot, score, created] of offers) {
      const item = { slot, score, created };
      const before = kept.list().map((found) => found.slot);
      const would = kept.wouldKeep(item);
      kept.offer(item);
      expect({ slot, kept: kept.list().some((found) => found.slot === slot) }).toEqual({ slot, kept: would });
      if (!would) expect(kept.list().map((found) => found.slot)).toEqual(before);
    }
    expect(new BestOf(0, titleAhead).wouldKeep({ slot: 1, score: 1, created: 1 })).toBe(false);
  });
});
