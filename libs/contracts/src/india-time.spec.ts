import { indiaDayOf, todayInIndia } from './india-time';

describe('days in India', () => {
  it('turns the date at 18:30 UTC, midnight in India', () => {
    expect(indiaDayOf(new Date('2026-11-22T18:29:59Z'))).toBe('2026-11-22');
    expect(indiaDayOf(new Date('2026-11-22T18:30:00Z'))).toBe('2026-11-23');
    expect(indiaDayOf(new Date('2026-11-22T19:00:00Z'))).toBe('2026-11-23');
  });

  it('gives today in India for a moment', () => {
    expect(todayInIndia(new Date('2026-12-31T20:00:00Z'))).toBe('2027-01-01');
    expect(todayInIndia(new Date('2026-12-31T10:00:00Z'))).toBe('2026-12-31');
  });
});
