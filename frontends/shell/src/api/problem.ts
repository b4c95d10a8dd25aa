import { HTTPError, TimeoutError } from 'ky';
import type { ApiProblem } from '@chitram/shell-contract';
import { problemFromAnswer } from './problem-rules';

/** The parsed answer the client's `beforeError` hook leaves on an HTTPError, so reading it is synchronous. */
const answers = new WeakMap<HTTPError, unknown>();

/** ky `beforeError` hook: reads the error answer once, from a clone so callers may still read the body. */
export async function rememberAnswer(error: HTTPError): Promise<HTTPError> {
  const body: unknown = await error.response
    .clone()
    .json()
    .catch(() => null);
  answers.set(error, body);
  return error;
}

/** Any error thrown by the API client as `{ status, code, message }` (HostApi.problemOf). */
export function problemOf(error: unknown, fallback: string): ApiProblem {
  if (error instanceof HTTPError) {
    return problemFromAnswer(
      error.response.status,
      answers.get(error),
      error.response.headers.get('Retry-After'),
      fallback,
    );
  }
  // No answer at all (offline, refused, timed out): the caller's message for the action fits best.
  if (error instanceof TimeoutError || error instanceof TypeError)
    return { status: 0, code: 'NETWORK', message: fallback };
  return { status: 0, code: 'UNKNOWN', message: fallback };
}
