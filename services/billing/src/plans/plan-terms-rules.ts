import type { PlanKey, PlanTerms } from '@chitram/contracts';

/** One version of a plan's terms as billing stores it (D43). */
export interface TermsVersion extends PlanTerms {
  id: string;
  planKey: PlanKey;
  effectiveFrom: Date;
  createdBy: string | null;
  createdAt: Date;
}

/** How far behind the server's clock a requested moment may be and still count as now (a form's round trip). */
export const NOW_TOLERANCE_MS = 60_000;

/** The version in force at `at`: the last to take effect by then. `versions` oldest first. */
export function termsAt<T extends { effectiveFrom: Date }>(versions: readonly T[], at: Date): T | undefined {
  let found: T | undefined;
  for (const version of versions) if (version.effectiveFrom.getTime() <= at.getTime()) found = version;
  return found;
}

/** The changes scheduled after `at`, soonest first. `versions` oldest first. */
export function changesAfter<T extends { effectiveFrom: Date }>(versions: readonly T[], at: Date): T[] {
  return versions.filter((version) => version.effectiveFrom.getTime() > at.getTime());
}

/**
 * The moment requested terms take effect: `now`, or a moment not in the past (a moment a little behind
 * the clock, sent as the form was filled, counts as now); null for a moment past.
 */
export function effectiveMoment(requested: string, now: Date): Date | null {
  if (requested === 'now') return now;
  const at = new Date(requested);
  if (at.getTime() >= now.getTime()) return at;
  return now.getTime() - at.getTime() <= NOW_TOLERANCE_MS ? now : null;
}

/** Paise as the plan table's rupee text: `99`, `149.50`. */
export function rupeeText(paise: number): string {
  return paise % 100 ? (paise / 100).toFixed(2) : String(paise / 100);
}
