import {
  counted,
  formatClock,
  formatCount,
  formatDate,
  formatDateTime,
  formatWatchTime,
  planSummary,
  watchedPercent,
  watchedText,
} from './display-rules';

describe("the back office's words for its figures", () => {
  it('dates in India, whatever the browser’s zone', () => {
    // 20:00 UTC is already the next day in India.
    expect(formatDate('2026-03-10T20:00:00Z')).toBe('11 Mar 2026');
    expect(formatDateTime('2026-03-10T20:00:00Z')).toMatch(/^11 Mar 2026, 1:30\sam$/);
    expect(formatDate(null)).toBe('N/A');
    expect(formatDate('not a date')).toBe('N/A');
  });

  it('counts in the Indian grouping', () => {
    expect(formatCount(1234567)).toBe('12,34,567');
    expect(counted(1, 'viewer')).toBe('1 viewer');
    expect(counted(2500, 'viewer')).toBe('2,500 viewers');
    expect(counted(3, 'series', 'series')).toBe('3 series');
  });

  it("says a viewer's plan and its validity, or Free, or that it is not known now", () => {
    const plan = {
      viewerId: 'v',
      planKey: 'gold' as const,
      planName: 'Gold Plan',
      validTill: '2027-01-31T10:00:00Z',
      active: true,
    };
    expect(planSummary(plan)).toEqual({ name: 'Gold Plan', validity: 'Till 31 Jan 2027', tone: 'active' });
    expect(planSummary({ ...plan, active: false })).toEqual({
      name: 'Gold Plan',
      validity: 'Expired 31 Jan 2027',
      tone: 'expired',
    });
    expect(planSummary(null)).toEqual({ name: 'Free', validity: 'N/A', tone: 'free' });
    expect(planSummary(null, false).tone).toBe('unknown');
  });

  it('tells how far a title was watched', () => {
    expect(watchedPercent({ positionSeconds: 600, durationSeconds: 2400, finished: false })).toBe(25);
    expect(watchedPercent({ positionSeconds: 2390, durationSeconds: 2400, finished: true })).toBe(100);
    expect(watchedPercent({ positionSeconds: 10, durationSeconds: 0, finished: false })).toBe(0);
    expect(formatClock(3725)).toBe('1:02:05');
    expect(formatClock(65)).toBe('1:05');
  });

  it('says where a viewer is in a title, and never “of 0:00” while its length is not known', () => {
    expect(watchedText({ positionSeconds: 16, durationSeconds: 64, finished: false })).toBe(
      '25% · 0:16 of 1:04',
    );
    expect(watchedText({ positionSeconds: 16, durationSeconds: 0, finished: false })).toBe('0:16 in');
    expect(watchedText({ positionSeconds: 5390, durationSeconds: 5400, finished: true })).toBe('Finished');
  });

  it('words watch time in minutes and hours', () => {
    expect(formatWatchTime(0)).toBe('0 min');
    expect(formatWatchTime(29)).toBe('0 min');
    expect(formatWatchTime(42 * 60 + 10)).toBe('42 min');
    expect(formatWatchTime(3 * 3600 + 20 * 60)).toBe('3 h 20 min');
    expect(formatWatchTime(7200)).toBe('2 h');
    expect(formatWatchTime(1234 * 3600 + 100)).toBe('1,234 h');
  });
});
