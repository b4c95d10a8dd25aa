import type { ApiProblem } from '@chitram/shell-contract';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Seconds from a `Retry-After` header (seconds or an HTTP date), if it says anything usable. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

/** An error answer (`{ code, message, fields }`, ARCHITECTURE rule 5) as a problem to show. */
export function problemFromAnswer(
  status: number,
  body: unknown,
  retryAfterHeader: string | null,
  fallback: string,
): ApiProblem {
  const answer = isRecord(body) ? body : {};
  const problem: ApiProblem = {
    status,
    code: typeof answer.code === 'string' && answer.code !== '' ? answer.code : 'UNKNOWN',
    message: typeof answer.message === 'string' && answer.message.trim() !== '' ? answer.message : fallback,
  };
  const retryAfter =
    retryAfterSeconds(retryAfterHeader) ??
    (typeof answer.retryAfterSeconds === 'number' ? answer.retryAfterSeconds : undefined);
  if (retryAfter !== undefined) problem.retryAfterSeconds = retryAfter;
  if (isRecord(answer.fields)) problem.fields = answer.fields as Record<string, string[]>;
  if (typeof answer.limit === 'number' && Number.isInteger(answer.limit) && answer.limit > 0)
    problem.limit = answer.limit;
  return problem;
}
