import { indiaDaysUntil } from '@chitram/contracts';
import { dueReminder, reminderDueAt } from './plan-end-rules';

// Times are written in India's time (UTC+05:30): "3 days before" counts Indian calendar days (D40).
const ist = (local: string) => new Date(`${local}+05:30`);

describe('plan-end reminders: when each is due (D40)', () => {
  const end = ist('2026-12-10T15:00:00');

  it('counts days by the Indian calendar, not by 24-hour spans', () => {
    // 23:30 IST on the 9th is 18:00 UTC on the 9th; the plan ends the next Indian day.
    expect(indiaDaysUntil(end, ist('2026-12-09T23:30:00'))).toBe(1);
    // 00:10 IST on the 10th is still the 9th in UTC, but the last day in India.
    expect(indiaDaysUntil(end, ist('2026-12-10T00:10:00'))).toBe(0);
    expect(indiaDaysUntil(end, ist('2026-12-07T00:00:00'))).toBe(3);
  });

  it('sends the 3-day reminder from 09:00 IST three calendar days before the end, not earlier', () => {
    expect(dueReminder(end, ist('2026-12-07T08:59:00'))).toBeNull();
    expect(dueReminder(end, ist('2026-12-07T09:00:00'))).toEqual({ kind: '3-days', daysLeft: 3 });
    expect(dueReminder(end, ist('2026-12-07T23:59:00'))).toEqual({ kind: '3-days', daysLeft: 3 });
    expect(dueReminder(end, ist('2026-12-06T12:00:00'))).toBeNull();
  });

  it('sends nothing on the day between (2 days left): a missed day is not made up with a wrong count', () => {
    expect(dueReminder(end, ist('2026-12-08T12:00:00'))).toBeNull();
  });

  it('sends the 1-day reminder the day before and the day-of reminder on the last day', () => {
    expect(dueReminder(end, ist('2026-12-09T10:00:00'))).toEqual({ kind: '1-day', daysLeft: 1 });
    expect(dueReminder(end, ist('2026-12-10T08:00:00'))).toBeNull();
    expect(dueReminder(end, ist('2026-12-10T09:30:00'))).toEqual({ kind: 'day-of', daysLeft: 0 });
  });

  it('tells a plan ending early on its last day 3 hours before, but not before that day began', () => {
    const early = ist('2026-12-10T07:00:00');
    expect(reminderDueAt('day-of', early)).toEqual(ist('2026-12-10T04:00:00'));
    expect(dueReminder(early, ist('2026-12-10T04:30:00'))).toEqual({ kind: 'day-of', daysLeft: 0 });
    const justAfterMidnight = ist('2026-12-10T01:00:00');
    expect(reminderDueAt('day-of', justAfterMidnight)).toEqual(ist('2026-12-10T00:00:00'));
  });

  it('sends nothing once the plan has ended, nor far from its end', () => {
    expect(dueReminder(end, ist('2026-12-10T15:00:00'))).toBeNull();
    expect(dueReminder(end, ist('2026-12-10T16:00:00'))).toBeNull();
    expect(dueReminder(end, ist('2026-11-20T10:00:00'))).toBeNull();
  });
});
