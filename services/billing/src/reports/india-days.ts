const DAY_MS = 86_400_000;
/** India keeps one offset all year (no daylight saving), so a day there is a fixed slice of UTC. */
const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;

/** The moment the Indian day holding `at` began. */
export function startOfIndianDay(at: Date): Date {
  const local = at.getTime() + IST_OFFSET_MS;
  return new Date(local - (((local % DAY_MS) + DAY_MS) % DAY_MS) - IST_OFFSET_MS);
}

/** Where the dashboard's revenue windows start (DECISIONS D13): today, and today with the 29 days before. */
export function revenueWindows(now: Date): { today: Date; last30Days: Date } {
  const today = startOfIndianDay(now);
  return { today, last30Days: new Date(today.getTime() - 29 * DAY_MS) };
}
