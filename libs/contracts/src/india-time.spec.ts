import { indiaDayOf, startOfIndiaDay, todayInIndia } from './india-time';

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

  it('gives the moment a day in India begins, the day before in UTC', () => {
    expect(startOfIndiaDay('2026-11-23').toISOString()).toBe('2026-11-22T18:30:00.000Z');
    expect(startOfIndiaDay('2027-01-01').toISOString()).toBe('2026-12-31T18:30:00.000Z');
    expect(indiaDayOf(startOfIndiaDay('2026-03-01'))).toBe('2026-03-01');
  });
});
