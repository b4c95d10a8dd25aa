import { ErrorCode } from '@chitram/contracts';
import { periodOf } from './analytics-period';

describe('the days an analytics query asks about', () => {
  // 20:00 UTC on the 22nd is already the 23rd in India.
  const now = new Date('2026-11-22T20:00:00Z');

  it('counts a range back from today in India, today included; 30 days when nothing is said', () => {
    expect(periodOf({ range: 7 }, now)).toEqual({ from: '2026-11-17', to: '2026-11-23' });
    expect(periodOf({ range: 90 }, now)).toEqual({ from: '2026-08-26', to: '2026-11-23' });
    expect(periodOf({}, now)).toEqual({ from: '2026-10-25', to: '2026-11-23' });
  });

  it('takes a custom period as given, across a month end', () => {
    expect(periodOf({ from: '2026-10-30', to: '2026-11-02' }, now)).toEqual({
      from: '2026-10-30',
      to: '2026-11-02',
    });
    expect(periodOf({ from: '2026-11-01', to: '2026-11-01' }, now)).toEqual({
      from: '2026-11-01',
      to: '2026-11-01',
    });
  });

  it.each([
    [{ from: '2026-11-05', to: '2026-11-01' }, 'to'],
    [{ from: '2026-02-30', to: '2026-03-02' }, 'from'],
    [{ from: '2026-01-01' }, 'to'],
    [{ to: '2026-01-01' }, 'from'],
    [{ range: 7 as const, from: '2026-11-01', to: '2026-11-02' }, 'range'],
    [{ from: '2025-01-01', to: '2026-01-02' }, 'to'],
  ])('refuses %j, naming %s', (query, field) => {
    try {
      periodOf(query, now);
      throw new Error('accepted');
    } catch (error) {
      expect(error).toMatchObject({
        code: ErrorCode.VALIDATION_FAILED,
        fields: { [field]: expect.any(Array) },
      });
    }
  });
});
