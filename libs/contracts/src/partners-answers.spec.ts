import { sharePool } from './partners-answers';

describe("sharing a period's revenue among content partners", () => {
  const partner = (partnerId: string, watchSeconds: number, revenueSharePercent: number) => ({
    partnerId,
    watchSeconds,
    revenueSharePercent,
  });

  it('gives each partner the pool in proportion to their watch time, and their share % of that', () => {
    const { byPartner, unpartnered } = sharePool(
      100_000,
      [partner('a', 600, 50), partner('b', 300, 30)],
      1000,
    );
    expect(byPartner.get('a')).toEqual({ attributableRevenue: 60_000, payout: 30_000 });
    expect(byPartner.get('b')).toEqual({ attributableRevenue: 30_000, payout: 9_000 });
    expect(unpartnered).toBe(10_000);
  });

  it('adds up to the pool exactly, to the paisa, however the watch time divides', () => {
    for (const [pool, watches, total] of [
      [99_999, [1, 1, 1], 3],
      [10, [333, 333], 1000],
      [1_234_567, [7, 11, 13, 17], 97],
      [1, [5, 5], 10],
    ] as const) {
      const partners = watches.map((w, i) => partner(String(i), w, 25));
      const { byPartner, unpartnered } = sharePool(pool, partners, total);
      const shared = [...byPartner.values()].reduce((sum, p) => sum + p.attributableRevenue, 0);
      expect(shared + unpartnered).toBe(pool);
      for (const p of byPartner.values()) expect(Number.isInteger(p.attributableRevenue)).toBe(true);
    }
  });

  it('shares nothing when nobody watched, or when there was no revenue', () => {
    expect(sharePool(5000, [partner('a', 0, 50)], 0)).toEqual({
      byPartner: new Map([['a', { attributableRevenue: 0, payout: 0 }]]),
      unpartnered: 5000,
    });
    expect(sharePool(0, [partner('a', 10, 50)], 10).byPartner.get('a')).toEqual({
      attributableRevenue: 0,
      payout: 0,
    });
  });
});
