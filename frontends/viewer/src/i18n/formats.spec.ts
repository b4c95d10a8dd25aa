import {
  formatDate,
  formatDateTime,
  formatDeviceList,
  formatLongDate,
  formatPlanPeriod,
  formatPrice,
  formatReleaseDate,
  formatRunTime,
  formatRupees,
  numberFormat,
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

describe('run times, plan periods and devices in the interface language (issue 19)', () => {
  it("writes a title's running time in the language's words and digits", () => {
    expect(formatRunTime('2hr 15min', 'en-IN')).toBe('2 hrs 15 mins');
    expect(formatRunTime('2hr 15min', 'ta-IN')).toBe('2 ம. 15 நிமி.');
    expect(formatRunTime('2hr 15min', 'bn-IN')).toBe('২ ঘণ্টা ১৫ মিনিট');
    expect(formatRunTime('45min', 'hi-IN')).toBe('45 मि॰');
    expect(formatRunTime('1hr', 'en-IN')).toBe('1 hr');
    // Text that is no running time is left as it is, never turned into '0'.
    expect(formatRunTime('about two hours', 'ta-IN')).toBe('about two hours');
    expect(formatRunTime('', 'ta-IN')).toBe('');
  });

  it("writes a plan's validity in months, or years when it is whole years", () => {
    expect(formatPlanPeriod(3, 'en-IN')).toBe('3 months');
    expect(formatPlanPeriod(12, 'en-IN')).toBe('1 year');
    expect(formatPlanPeriod(3, 'ta-IN')).toBe('3 மாதங்கள்');
    expect(formatPlanPeriod(6, 'bn-IN')).toBe('৬ মাস');
    expect(formatPlanPeriod(12, 'te-IN')).toBe('1 సంవత్సరం');
  });

  it("lists a plan's devices with the language's 'and'", () => {
    const tamil = { mobile: 'மொபைல்', website: 'இணையதளம்', tab: 'டேப்லெட்', tv: 'ஸ்மார்ட் டிவி' };
    expect(formatDeviceList(['mobile', 'website'], (d) => tamil[d], 'ta-IN')).toBe('மொபைல் மற்றும் இணையதளம்');
    const english = { mobile: 'Mobile', website: 'Website', tab: 'Tab', tv: 'Smart TV' };
    expect(formatDeviceList(['mobile', 'website', 'tab', 'tv'], (d) => english[d], 'en-IN')).toBe(
      'Mobile, Website, Tab and Smart TV',
    );
    expect(formatDeviceList(['mobile'], (d) => english[d], 'en-IN')).toBe('Mobile');
  });
});

describe('formatters made once (issue 19)', () => {
  it('makes one formatter per locale and options, however many posters format with it', () => {
    const made = jest.spyOn(Intl, 'NumberFormat');
    try {
      for (let i = 0; i < 60; i++) formatRunTime('2h 15m', 'te-IN');
      expect(numberFormat('bn-IN', { useGrouping: false }).format(2024)).toBe('২০২৪');
      expect(numberFormat('bn-IN', { useGrouping: false })).toBe(
        numberFormat('bn-IN', { useGrouping: false }),
      );
      expect(numberFormat('en-IN', { useGrouping: false }).format(2024)).toBe('2024');
      // Hours and minutes in Telugu, and the two year formatters.
      expect(made).toHaveBeenCalledTimes(4);
    } finally {
      made.mockRestore();
    }
  });
});
