import {
  addDays,
  AnalyticsMessages,
  DEFAULT_ANALYTICS_RANGE,
  DomainError,
  ErrorCode,
  indiaDayOf,
  isIndiaDay,
  MAX_ANALYTICS_DAYS,
  type AnalyticsPeriodView,
  type PeriodQuery,
} from '@chitram/contracts';

function refused(field: 'range' | 'from' | 'to', problem: string): DomainError {
  return new DomainError(ErrorCode.VALIDATION_FAILED, `${field}: ${problem}`, { [field]: [problem] });
}

/**
 * The Indian days a query asks about (DECISIONS D12): `range` days ending today, or `from`–`to`, both
 * included, at most MAX_ANALYTICS_DAYS; the last 30 days when nothing is said.
 */
export function periodOf(query: PeriodQuery, now: Date = new Date()): AnalyticsPeriodView {
  const today = indiaDayOf(now);
  if (query.from === undefined && query.to === undefined) {
    const days = query.range ?? DEFAULT_ANALYTICS_RANGE;
    return { from: addDays(today, -(days - 1)), to: today };
  }
  if (query.range !== undefined) throw refused('range', 'give a range, or from and to, not both');
  if (query.from === undefined || !isIndiaDay(query.from))
    throw refused('from', 'from must be a day written YYYY-MM-DD');
  if (query.to === undefined || !isIndiaDay(query.to))
    throw refused('to', 'to must be a day written YYYY-MM-DD');
  if (query.from > query.to) throw refused('to', 'to must not be before from');
  if (addDays(query.from, MAX_ANALYTICS_DAYS - 1) < query.to) throw refused('to', AnalyticsMessages.badRange);
  return { from: query.from, to: query.to };
}
