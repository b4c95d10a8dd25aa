import { addMonthsIst, nextPeriod } from './subscription-rules';

const at = (iso: string) => new Date(iso);

describe('validity (DECISIONS D17, D38)', () => {
  it('adds calendar months as a viewer in India counts them', () => {
    expect(addMonthsIst(at('2026-01-10T06:00:00Z'), 3).toISOString()).toBe('2026-04-10T06:00:00.000Z');
    // 31 January + 1 month is the last day of February (2028 is a leap year).
    expect(addMonthsIst(at('2026-01-31T06:00:00Z'), 1).toISOString()).toBe('2026-02-28T06:00:00.000Z');
    expect(addMonthsIst(at('2028-01-31T06:00:00Z'), 1).toISOString()).toBe('2028-02-29T06:00:00.000Z');
    expect(addMonthsIst(at('2026-11-30T06:00:00Z'), 12).toISOString()).toBe('2027-11-30T06:00:00.000Z');
    // 20:00 UTC on 31 January is 1 February in India: three months on is 1 May there.
    expect(addMonthsIst(at('2026-01-31T20:00:00Z'), 3).toISOString()).toBe('2026-04-30T20:00:00.000Z');
  });

  const now = at('2026-11-22T12:00:00Z');

  it('starts a first plan now', () => {
    expect(nextPeriod('new', null, 3, 0, now)).toEqual({
      change: 'activated',
      previousPlanKey: null,
      validFrom: now,
      validTill: at('2027-02-22T12:00:00Z'),
    });
  });

  it('extends the plan you hold from its expiry, not from today', () => {
    const current = {
      planKey: 'gold' as const,
      validFrom: at('2026-06-01T00:00:00Z'),
      validTill: at('2027-06-01T00:00:00Z'),
      next: null,
    };
    expect(nextPeriod('extend', current, 12, 0, now)).toEqual({
      change: 'extended',
      previousPlanKey: null,
      validFrom: current.validTill,
      validTill: at('2028-06-01T00:00:00Z'),
    });
  });

  it('starts a higher plan now, with the days its credit could not take', () => {
    const current = {
      planKey: 'basic' as const,
      validFrom: at('2026-10-01T00:00:00Z'),
      validTill: at('2027-01-01T00:00:00Z'),
      next: null,
    };
    expect(nextPeriod('upgrade', current, 6, 0, now)).toEqual({
      change: 'replaced',
      previousPlanKey: 'basic',
      validFrom: now,
      validTill: at('2027-05-22T12:00:00Z'),
    });
  });

  it('starts afresh after the old plan ran out, even for the same plan', () => {
    const expired = {
      planKey: 'standard' as const,
      validFrom: at('2026-01-01T00:00:00Z'),
      validTill: at('2026-04-01T00:00:00Z'),
      next: null,
    };
    expect(nextPeriod('extend', expired, 3, 0, now)).toMatchObject({ change: 'activated', validFrom: now });
  });

  it('queues a lower plan behind the one held, and extends the queued one from its end', () => {
    const current = {
      planKey: 'gold' as const,
      validFrom: at('2026-06-01T00:00:00Z'),
      validTill: at('2027-06-01T00:00:00Z'),
      next: null,
    };
    expect(nextPeriod('queue', current, 3, 0, now)).toEqual({
      change: 'queued',
      previousPlanKey: 'gold',
      validFrom: current.validTill,
      validTill: at('2027-09-01T00:00:00Z'),
    });
    const queued = { ...current, next: { planKey: 'basic' as const, validTill: at('2027-09-01T00:00:00Z') } };
    expect(nextPeriod('extend-queued', queued, 3, 0, now)).toMatchObject({
      change: 'queued',
      validFrom: at('2027-09-01T00:00:00Z'),
      validTill: at('2027-12-01T00:00:00Z'),
    });
    expect(nextPeriod('upgrade', current, 12, 5, now).validTill).toEqual(at('2027-11-27T12:00:00Z'));
  });
});
