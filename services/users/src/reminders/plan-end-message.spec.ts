import type { PlanEndReminderDue } from '@chitram/contracts';
import { planEndMessage } from './plan-end-message';

const reminder = (daysLeft: number, kind: PlanEndReminderDue['kind']): PlanEndReminderDue => ({
  viewerId: '00000000-0000-4000-8000-000000000001',
  planKey: 'gold',
  planName: 'Gold Plan',
  kind,
  // 18:00 UTC on 9 December is 23:30 on the 9th in India.
  endsAt: '2026-12-09T18:00:00.000Z',
  daysLeft,
});

describe('the plan-end SMS (D40)', () => {
  it('says how many days are left, the end date in India, and links to the plans page (/subscribe)', () => {
    const text = planEndMessage(reminder(3, '3-days'), 'https://chitram.in/');
    expect(text).toBe(
      "Chitram: your Gold Plan ends in 3 days (9 Dec). Plans don't renew by themselves. Renew: https://chitram.in/subscribe",
    );
    expect(text.length).toBeLessThanOrEqual(160);
  });

  it('says "1 day" and "today"', () => {
    expect(planEndMessage(reminder(1, '1-day'), 'http://localhost:3000')).toContain('ends in 1 day (9 Dec).');
    expect(planEndMessage(reminder(0, 'day-of'), 'http://localhost:3000')).toContain('ends today. Plans');
  });
});
