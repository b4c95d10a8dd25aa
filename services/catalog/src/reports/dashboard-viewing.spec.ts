import { dashboardViewing } from './dashboard-viewing';

describe('the dashboard’s plays and watch time', () => {
  it('covers today and the 29 days before it, oldest first, days without plays as zeros', () => {
    const viewing = dashboardViewing('2026-11-27', [
      { day: '2026-10-29', plays: 2, watchSeconds: 600 },
      { day: '2026-11-20', plays: 3, watchSeconds: 5400 },
      { day: '2026-11-27', plays: 1, watchSeconds: 90 },
    ]);
    expect(viewing.days).toHaveLength(30);
    expect(viewing.days[0]).toEqual({ day: '2026-10-29', plays: 2, watchSeconds: 600 });
    expect(viewing.days[1]).toEqual({ day: '2026-10-30', plays: 0, watchSeconds: 0 });
    expect(viewing.days.at(-1)).toEqual({ day: '2026-11-27', plays: 1, watchSeconds: 90 });
    expect(viewing.today).toEqual({ plays: 1, watchSeconds: 90 });
    expect(viewing.last30Days).toEqual({ plays: 6, watchSeconds: 6090 });
  });

  it('answers zeros for a day and a month without plays', () => {
    const viewing = dashboardViewing('2027-03-01', []);
    expect(viewing.days[0].day).toBe('2027-01-31');
    expect(viewing.today).toEqual({ plays: 0, watchSeconds: 0 });
    expect(viewing.last30Days).toEqual({ plays: 0, watchSeconds: 0 });
  });
});
