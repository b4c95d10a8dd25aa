import { indiaDayOf, startOfIndiaDay } from '@chitram/contracts';

const DAY_MS = 86_400_000;

/** The moment the Indian day holding `at` began. */
export function startOfIndiaDayAt(at: Date): Date {
  return startOfIndiaDay(indiaDayOf(at));
}

/** Where the dashboard's revenue windows start (DECISIONS D13): today, and today with the 29 days before. */
export function revenueWindows(now: Date): { today: Date; last30Days: Date } {
  const today = startOfIndiaDayAt(now);
  return { today, last30Days: new Date(today.getTime() - 29 * DAY_MS) };
}
