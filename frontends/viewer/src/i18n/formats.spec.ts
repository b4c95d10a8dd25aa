import {
  formatDate,
  formatDateTime,
  formatLongDate,
  formatPrice,
  formatReleaseDate,
  formatRupees,
} from './formats';

describe('formats of the interface language (issue 11)', () => {
  it('writes ₹ in the Indian grouping in every locale', () => {
    expect(formatRupees(12_000_000, 'en-IN')).toBe('₹1,20,000.00');
    expect(formatRupees(12_000_000, 'hi-IN')).toBe('₹1,20,000.00');
    expect(formatRupees(12_000_000, 'bn-IN')).toBe('₹১,২০,০০০.০০');
    expect(formatPrice('1200', 'ta-IN')).toBe('₹1,200');
  });

  it("writes dates in India's time and the language's words", () => {
    expect(formatDate('2026-11-22T20:00:00Z', 'en-IN')).toBe('23 Nov 2026');
    expect(formatDate('2026-11-22T20:00:00Z', 'hi-IN')).toBe('23 नव॰ 2026');
    expect(formatLongDate('2025-11-01', 'en-IN')).toBe('1 November 2025');
    expect(formatDate(null, 'en-IN')).toBeNull();
    expect(formatDateTime('not a date', 'en-IN')).toBeNull();
  });

  it('writes release dates in long US format in English, without slipping a day (SPEC §2.11)', () => {
    expect(formatReleaseDate('2025-01-05', 'en-IN')).toBe('January 5, 2025');
    expect(formatReleaseDate('2024-12-31T23:30:00.000Z', 'en-IN')).toBe('December 31, 2024');
    expect(formatReleaseDate('2025-01-05', 'ta-IN')).toBe('5 ஜனவரி, 2025');
    expect(formatReleaseDate('someday', 'en-IN')).toBe('someday');
    expect(formatReleaseDate(null, 'en-IN')).toBe('');
  });
});
