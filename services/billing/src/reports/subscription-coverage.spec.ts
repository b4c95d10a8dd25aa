import { coverageChanges, coverageEnded, sumDeltas, type Coverage } from './subscription-coverage';

describe('the days a subscription period counts as running', () => {
  const period = (periodId: string, planKey: string, fromDay: string, tillDay: string): Coverage => ({
    periodId,
    viewerId: 'v',
    planKey,
    fromDay,
    tillDay,
  });

  it('adds a new period as +1 on its first day and −1 on the day it stops', () => {
    expect(coverageChanges(new Map(), [period('p', 'basic', '2026-11-01', '2027-02-01')])).toEqual({
      writes: [period('p', 'basic', '2026-11-01', '2027-02-01')],
      deltas: [
        { day: '2026-11-01', planKey: 'basic', delta: 1 },
        { day: '2027-02-01', planKey: 'basic', delta: -1 },
      ],
    });
  });

  it('moves the end of a period cut short, and changes nothing for one already right', () => {
    const stored = period('p', 'basic', '2026-11-01', '2027-02-01');
    const cut = period('p', 'basic', '2026-11-01', '2026-11-10');
    expect(coverageChanges(new Map([['p', stored]]), [cut]).deltas).toEqual([
      { day: '2027-02-01', planKey: 'basic', delta: 1 },
      { day: '2026-11-10', planKey: 'basic', delta: -1 },
    ]);
    expect(coverageChanges(new Map([['p', cut]]), [cut])).toEqual({ writes: [], deltas: [] });
  });

  it("leaves a deleted account's coverage as it was cut, and cuts it at the day of deletion", () => {
    const anonymised = { ...period('p', 'gold', '2026-11-01', '2026-11-20'), viewerId: null };
    expect(
      coverageChanges(new Map([['p', anonymised]]), [period('p', 'gold', '2026-11-01', '2027-11-01')]),
    ).toEqual({
      writes: [],
      deltas: [],
    });
    const ended = coverageEnded([period('p', 'gold', '2026-11-01', '2027-11-01')], '2026-11-20');
    expect(ended.writes).toEqual([anonymised]);
    expect(ended.deltas).toEqual([
      { day: '2027-11-01', planKey: 'gold', delta: 1 },
      { day: '2026-11-20', planKey: 'gold', delta: -1 },
    ]);
    // A period that had not begun by then never counts.
    expect(
      coverageEnded([period('q', 'gold', '2026-12-01', '2027-12-01')], '2026-11-20').writes[0],
    ).toMatchObject({
      fromDay: '2026-12-01',
      tillDay: '2026-12-01',
    });
  });

  it('sums deltas of the same day and plan, leaving out those that cancel', () => {
    expect(
      sumDeltas([
        { day: 'd', planKey: 'basic', delta: 1 },
        { day: 'd', planKey: 'basic', delta: -1 },
        { day: 'd', planKey: 'gold', delta: 1 },
        { day: 'd', planKey: 'gold', delta: 1 },
      ]),
    ).toEqual([{ day: 'd', planKey: 'gold', delta: 2 }]);
  });
});
