import type { PlanEndReminderDue } from '@chitram/contracts';

const DAY_NAMES = { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'short' } as const;

/**
 * The SMS of a plan-end reminder (D40): short (one segment of 160 characters with a short link), the
 * end as a date in India, and the plans page to renew on.
 */
export function planEndMessage(reminder: PlanEndReminderDue, publicUrl: string): string {
  const when =
    reminder.daysLeft === 0
      ? 'today'
      : `in ${reminder.daysLeft} ${reminder.daysLeft === 1 ? 'day' : 'days'} (${new Date(
          reminder.endsAt,
        ).toLocaleDateString('en-IN', DAY_NAMES)})`;
  return `Chitram: your ${reminder.planName} ends ${when}. Plans don't renew by themselves. Renew: ${plansLink(publicUrl)}`;
}

/** The plans page on the public site. */
export function plansLink(publicUrl: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/subscribe`;
}
