/**
 * Every failure that crosses a service boundary carries one of these codes.
 * The gateway turns a code into an HTTP status through HTTP_STATUS_BY_CODE, the one table
 * for the whole platform: it is a Record over the enum, so a code nobody maps fails to compile.
 */
export enum ErrorCode {
  VALIDATION_FAILED = 'VALIDATION_FAILED',
  BAD_REQUEST = 'BAD_REQUEST',
  UNAUTHENTICATED = 'UNAUTHENTICATED',
  FORBIDDEN = 'FORBIDDEN',
  NOT_FOUND = 'NOT_FOUND',
  ROUTE_NOT_FOUND = 'ROUTE_NOT_FOUND',
  CONFLICT = 'CONFLICT',
  PAYLOAD_TOO_LARGE = 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE = 'UNSUPPORTED_MEDIA_TYPE',
  RATE_LIMITED = 'RATE_LIMITED',
  SERVICE_UNAVAILABLE = 'SERVICE_UNAVAILABLE',
  INTERNAL = 'INTERNAL',
}

export const HTTP_STATUS_BY_CODE: Record<ErrorCode, number> = {
  [ErrorCode.VALIDATION_FAILED]: 400,
  [ErrorCode.BAD_REQUEST]: 400,
  [ErrorCode.UNAUTHENTICATED]: 401,
  [ErrorCode.FORBIDDEN]: 403,
  [ErrorCode.NOT_FOUND]: 404,
  [ErrorCode.ROUTE_NOT_FOUND]: 404,
  [ErrorCode.CONFLICT]: 409,
  [ErrorCode.PAYLOAD_TOO_LARGE]: 413,
  [ErrorCode.UNSUPPORTED_MEDIA_TYPE]: 415,
  [ErrorCode.RATE_LIMITED]: 429,
  [ErrorCode.SERVICE_UNAVAILABLE]: 503,
  [ErrorCode.INTERNAL]: 500,
};

const KNOWN_CODES = new Set<string>(Object.values(ErrorCode));

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && KNOWN_CODES.has(value);
}

/** The body of every error answer, over HTTP and over NATS alike. */
export interface ErrorBody {
  code: ErrorCode;
  message: string;
  /** Per-field messages for VALIDATION_FAILED. */
  fields?: Record<string, string[]>;
}

/** A failure the product expects and names; thrown by services, mapped by the gateway. */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'DomainError';
  }

  toBody(): ErrorBody {
    return this.fields
      ? { code: this.code, message: this.message, fields: this.fields }
      : { code: this.code, message: this.message };
  }

  /** Rebuilds a DomainError from a body received over the wire; anything unrecognised is INTERNAL. */
  static fromBody(body: unknown): DomainError {
    if (body && typeof body === 'object') {
      const { code, message, fields } = body as Partial<ErrorBody>;
      if (isErrorCode(code)) {
        return new DomainError(code, typeof message === 'string' ? message : code, fields);
      }
    }
    return new DomainError(ErrorCode.INTERNAL, 'Something went wrong.');
  }
}
