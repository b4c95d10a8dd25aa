/**
 * The days a subscription period counts as running, for analytics (DECISIONS D12): from the day it
 * starts to the day it stops, both in India; a plan counts on a day when it runs at the day's end, so
 * `tillDay` itself is not counted.
 */
export interface Coverage {
  periodId: string;
  /** Null once the account is deleted (D25): the coverage stays as it was then. */
  viewerId: string | null;
  planKey: string;
  fromDay: string;
  tillDay: string;
}

/** A change to the running count of a plan from a day on. */
export interface DayDelta {
  day: string;
  planKey: string;
  delta: number;
}

function contribution(coverage: Coverage, sign: 1 | -1): DayDelta[] {
  if (coverage.fromDay >= coverage.tillDay) return [];
  return [
    { day: coverage.fromDay, planKey: coverage.planKey, delta: sign },
    { day: coverage.tillDay, planKey: coverage.planKey, delta: -sign },
  ];
}

/** The same deltas summed per day and plan, those that cancel out left out. */
export function sumDeltas(deltas: DayDelta[]): DayDelta[] {
  const sums = new Map<string, DayDelta>();
  for (const d of deltas) {
    const key = `${d.day}|${d.planKey}`;
    const sum = sums.get(key) ?? { day: d.day, planKey: d.planKey, delta: 0 };
    sum.delta += d.delta;
    sums.set(key, sum);
  }
  return [...sums.values()].filter((d) => d.delta !== 0);
}

/**
 * What moving from the stored coverage to the desired one changes: the rows to write and the deltas to
 * add. Coverage of a deleted account (no viewer any more) is never changed.
 */
export function coverageChanges(
  stored: ReadonlyMap<string, Coverage>,
  desired: Coverage[],
): { writes: Coverage[]; deltas: DayDelta[] } {
  const writes: Coverage[] = [];
  const deltas: DayDelta[] = [];
  for (const next of desired) {
    const before = stored.get(next.periodId);
    if (before && before.viewerId === null) continue;
    if (
      before &&
      before.planKey === next.planKey &&
      before.fromDay === next.fromDay &&
      before.tillDay === next.tillDay
    )
      continue;
    if (before) deltas.push(...contribution(before, -1));
    deltas.push(...contribution(next, 1));
    writes.push(next);
  }
  return { writes, deltas: sumDeltas(deltas) };
}

/** The coverage cut at the day an account was deleted: the plan went with the account. */
export function endedOn(coverage: Coverage, day: string): Coverage {
  const tillDay =
    coverage.tillDay > day ? (day > coverage.fromDay ? day : coverage.fromDay) : coverage.tillDay;
  return { ...coverage, viewerId: null, tillDay };
}

/** Every coverage of a deleted account cut at the day of deletion, and the deltas that takes. */
export function coverageEnded(stored: Coverage[], day: string): { writes: Coverage[]; deltas: DayDelta[] } {
  const kept = stored.filter((c) => c.viewerId !== null);
  const writes = kept.map((c) => endedOn(c, day));
  const deltas = kept.flatMap((before, i) => [...contribution(before, -1), ...contribution(writes[i], 1)]);
  return { writes, deltas: sumDeltas(deltas) };
}
