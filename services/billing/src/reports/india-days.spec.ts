import { revenueWindows, startOfIndiaDayAt } from './india-days';

describe('revenue days are Indian days (DECISIONS D13)', () => {
  it('starts a day at midnight in India, 18:30 UTC the evening before', () => {
    expect(startOfIndiaDayAt(new Date('2026-03-10T12:00:00Z')).toISOString()).toBe(
      '2026-03-09T18:30:00.000Z',
    );
    // 00:10 in India on the 11th is still the 10th in UTC.
    expect(startOfIndiaDayAt(new Date('2026-03-10T18:40:00Z')).toISOString()).toBe(
      '2026-03-10T18:30:00.000Z',
    );
    expect(startOfIndiaDayAt(new Date('2026-03-10T18:29:59Z')).toISOString()).toBe(
      '2026-03-09T18:30:00.000Z',
    );
  });

  it('counts 30 days as today and the 29 before it', () => {
    expect(revenueWindows(new Date('2026-03-10T12:00:00Z'))).toEqual({
      today: new Date('2026-03-09T18:30:00.000Z'),
      last30Days: new Date('2026-02-08T18:30:00.000Z'),
    });
  });
});
