/** India keeps one offset all year (UTC+05:30, no daylight saving), so its day is a fixed slice of UTC. */
export const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;

/** The day in India of a moment, as YYYY-MM-DD: 2026-11-22T19:00Z → '2026-11-23'. */
export function indiaDayOf(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** Today's date in India (the product's time zone), as YYYY-MM-DD. */
export function todayInIndia(now = new Date()): string {
  return indiaDayOf(now);
}

/** The moment a day in India (YYYY-MM-DD) begins: '2026-11-23' → 2026-11-22T18:30Z. */
export function startOfIndiaDay(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - IST_OFFSET_MS);
}
