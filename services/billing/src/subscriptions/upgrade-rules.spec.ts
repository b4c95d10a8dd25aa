import { DAY_MS, MIN_CHARGE_PAISE, planDays, quote } from './upgrade-rules';

// D38: the price of buying a plan while another runs, with the seed prices (paise, GST included).
const basic = { planKey: 'basic' as const, amount: 9900, validityMonths: 3 };
const standard = { planKey: 'standard' as const, amount: 29900, validityMonths: 3 };
const premium = { planKey: 'premium' as const, amount: 99900, validityMonths: 6 };
const gold = { planKey: 'gold' as const, amount: 120000, validityMonths: 12 };

const now = new Date('2026-11-27T12:00:00Z');
/** Standard bought `daysAgo` days ago (92 days: 27 Nov to 27 Feb), `hours` more hours past that. */
function standardHeld(daysAgo: number, hours = 0) {
  const validFrom = new Date(now.getTime() - daysAgo * DAY_MS - hours * 3_600_000);
  const validTill = new Date('2027-02-27T12:00:00Z');
  validTill.setTime(validTill.getTime() - daysAgo * DAY_MS - hours * 3_600_000);
  return { planKey: 'standard' as const, validFrom, validTill, next: null };
}

describe('upgrades credit unused time (DECISIONS D38)', () => {
  it('credits price × days left ÷ plan days, rounded down, for a range of days left', () => {
    expect(planDays(standardHeld(0).validFrom, 3)).toBe(92);
    const cases: Array<[daysAgo: number, hours: number, credit: number]> = [
      [0, 0, 29900], // bought today: nothing used
      [0, 1, 29900], // an hour ago: 92 days still left (a part of a day counts as a day)
      [1, 0, 29575], // 91 days left: 29900 × 91 / 92 = 29575.0
      [30, 0, 20150], // 62 days left: 29900 × 62 / 92 = 20150.0
      [46, 0, 14950], // half used
      [91, 0, 325], // the last day, all of it: 29900 × 1 / 92 = 325.0
      [91, 23, 325], // the last hour of the last day
    ];
    for (const [daysAgo, hours, credit] of cases) {
      const q = quote(standardHeld(daysAgo, hours), gold, standard, now);
      expect({ daysAgo, hours, ...q }).toEqual({
        daysAgo,
        hours,
        kind: 'upgrade',
        listPrice: 120000,
        credit,
        creditPlanKey: 'standard',
        extraDays: 0,
        amount: 120000 - credit,
        blocked: false,
      });
    }
  });

  it('rounds the credit down to the paisa', () => {
    // Premium bought 81 days ago: 100 of its 181 days left; 99900 × 100 / 181 = 55193.37.
    const validFrom = new Date(now.getTime() - 81 * DAY_MS);
    const held = {
      planKey: 'premium' as const,
      validFrom,
      validTill: new Date(now.getTime() + 100 * DAY_MS),
      next: null,
    };
    expect(planDays(validFrom, 6)).toBe(181);
    expect(quote(held, gold, premium, now)).toMatchObject({ credit: 55193, amount: 64807 });
  });

  it('turns credit the price cannot take into extra days of the new plan, still charging ₹1', () => {
    // Premium held for a year's worth (extended), upgraded to a Gold costing less than the credit.
    const held = {
      planKey: 'premium' as const,
      validFrom: now,
      validTill: new Date(now.getTime() + 2 * 181 * DAY_MS),
      next: null,
    };
    const cheapGold = { ...gold, amount: 150000 };
    const q = quote(held, cheapGold, premium, now);
    // 99900 × 362 / 181 = 199800 earned; 149900 taken off; 49900 left over → 365 × 49900 / 150000 days.
    expect(q).toMatchObject({ kind: 'upgrade', credit: 149900, amount: MIN_CHARGE_PAISE, extraDays: 121 });
  });

  it('extends the plan held, queues a lower one, extends the queued one, and refuses others meanwhile', () => {
    const held = standardHeld(10);
    expect(quote(held, standard, standard, now)).toMatchObject({ kind: 'extend', amount: 29900, credit: 0 });
    expect(quote(held, basic, standard, now)).toMatchObject({ kind: 'queue', amount: 9900, blocked: false });
    const queued = {
      ...held,
      next: { planKey: 'basic' as const, validTill: new Date('2027-06-01T00:00:00Z') },
    };
    expect(quote(queued, basic, standard, now)).toMatchObject({ kind: 'extend-queued', amount: 9900 });
    for (const plan of [standard, premium, gold])
      expect(quote(queued, plan, standard, now).blocked).toBe(true);
  });

  it('prices a plan in full when nothing runs', () => {
    expect(quote(null, gold, null, now)).toMatchObject({ kind: 'new', amount: 120000, credit: 0 });
    const ended = { ...standardHeld(92, 1) };
    expect(ended.validTill < now).toBe(true);
    expect(quote(ended, gold, standard, now)).toMatchObject({ kind: 'new', amount: 120000 });
  });
});
