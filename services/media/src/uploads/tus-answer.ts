import { DomainError, ErrorCode, HTTP_STATUS_BY_CODE } from '@chitram/contracts';

/** What a tus store or hook throws to have the tus server answer with that status and body. */
export interface TusAnswer {
  status_code: number;
  body: string;
}

/** A domain error as a tus answer: its status, and the platform's JSON error body (the admin UI reads its message). */
export function tusAnswer(code: ErrorCode, message: string): TusAnswer {
  return {
    status_code: HTTP_STATUS_BY_CODE[code],
    body: JSON.stringify(new DomainError(code, message).toBody()),
  };
}

/** A domain error thrown by the service (no such video, wrong state) as a tus answer; anything else is left as it is. */
export function asTusAnswer(error: unknown): unknown {
  return error instanceof DomainError ? tusAnswer(error.code, error.message) : error;
}
