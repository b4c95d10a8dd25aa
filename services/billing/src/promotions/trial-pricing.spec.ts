import { DAY_MS, quote } from '../subscriptions/upgrade-rules';

// D33 with D38: what buying a plan does while a free trial runs.
const basic = { planKey: 'basic' as const, amount: 9900, validityMonths: 3 };
const gold = { planKey: 'gold' as const, amount: 120000, validityMonths: 12 };
const now = new Date('2026-11-27T12:00:00Z');
const trial = {
  planKey: 'basic' as const,
  validFrom: new Date(now.getTime() - 2 * DAY_MS),
  validTill: new Date(now.getTime() + 5 * DAY_MS),
  trial: true,
  next: null,
};

describe('buying a plan during a free trial (D33)', () => {
  it('earns no credit for the trial: a higher plan starts now at its full price', () => {
    expect(quote(trial, gold, basic, now)).toMatchObject({
      kind: 'upgrade',
      credit: 0,
      extraDays: 0,
      amount: 120000,
    });
    // The same days of a paid Basic would have earned credit.
    expect(quote({ ...trial, trial: false }, gold, basic, now).credit).toBeGreaterThan(0);
  });

  it('extends the trial’s plan from the trial’s end at its price', () => {
    expect(quote(trial, basic, basic, now)).toMatchObject({ kind: 'extend', credit: 0, amount: 9900 });
  });
});
