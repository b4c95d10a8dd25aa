/**
 * Every failure that crosses a service boundary carries one of these codes.
 * The gateway turns a code into an HTTP status through HTTP_STATUS_BY_CODE, the one table
 * for the whole platform: it is a Record over the enum, so a code nobody maps fails to compile.
 */
export enum ErrorCode {
  VALIDATION_FAILED = 'VALIDATION_FAILED',
  BAD_REQUEST = 'BAD_REQUEST',
  /** A message on NATS that its service cannot read at all (not JSON, empty, binary, not a request packet). */
  BAD_MESSAGE = 'BAD_MESSAGE',
  UNAUTHENTICATED = 'UNAUTHENTICATED',
  FORBIDDEN = 'FORBIDDEN',
  NOT_FOUND = 'NOT_FOUND',
  ROUTE_NOT_FOUND = 'ROUTE_NOT_FOUND',
  CONFLICT = 'CONFLICT',
  PAYLOAD_TOO_LARGE = 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE = 'UNSUPPORTED_MEDIA_TYPE',
  RATE_LIMITED = 'RATE_LIMITED',
  // Sign-in and sessions (issue 3).
  INVALID_PHONE_NUMBER = 'INVALID_PHONE_NUMBER',
  OTP_NOT_REQUESTED = 'OTP_NOT_REQUESTED',
  OTP_INVALID = 'OTP_INVALID',
  OTP_EXPIRED = 'OTP_EXPIRED',
  OTP_ATTEMPTS_EXCEEDED = 'OTP_ATTEMPTS_EXCEEDED',
  INVALID_CREDENTIALS = 'INVALID_CREDENTIALS',
  ACCOUNT_LOCKED = 'ACCOUNT_LOCKED',
  /** An admin whose role may not use this (issue 20: owner, content, finance, support). */
  ADMIN_ROLE_FORBIDDEN = 'ADMIN_ROLE_FORBIDDEN',
  /** An admin account the owner disabled: it cannot sign in. */
  ACCOUNT_DISABLED = 'ACCOUNT_DISABLED',
  /** A wrong, reused or expired authenticator or recovery code, or a sign-in step that has ended. */
  SECOND_FACTOR_INVALID = 'SECOND_FACTOR_INVALID',
  /** An invitation link that is unknown, used already or expired. */
  INVITATION_INVALID = 'INVITATION_INVALID',
  TOKEN_INVALID = 'TOKEN_INVALID',
  TOKEN_EXPIRED = 'TOKEN_EXPIRED',
  TOKEN_REVOKED = 'TOKEN_REVOKED',
  // Plans and payments (issue 7).
  ORDER_NOT_FOUND = 'ORDER_NOT_FOUND',
  PLAN_MISMATCH = 'PLAN_MISMATCH',
  /** Another plan is queued to start when the one held ends (D38): only that one can be bought now. */
  PLAN_QUEUED = 'PLAN_QUEUED',
  PAYMENT_SIGNATURE_INVALID = 'PAYMENT_SIGNATURE_INVALID',
  PAYMENT_FAILED = 'PAYMENT_FAILED',
  WEBHOOK_SIGNATURE_INVALID = 'WEBHOOK_SIGNATURE_INVALID',
  PAYMENT_PROVIDER_UNAVAILABLE = 'PAYMENT_PROVIDER_UNAVAILABLE',
  // Refunds (issue 26, D39).
  /** A refund larger than what is left of the payment (its amount less the refunds made or under way). */
  REFUND_EXCEEDS_PAYMENT = 'REFUND_EXCEEDS_PAYMENT',
  /** The payment cannot be refunded: it failed, or was not captured. */
  PAYMENT_NOT_REFUNDABLE = 'PAYMENT_NOT_REFUNDABLE',
  // Coupons and the free trial (issue 26, D33); each is refused before any payment.
  /** No coupon has this code, or it was disabled. */
  COUPON_UNKNOWN = 'COUPON_UNKNOWN',
  /** The coupon's dates do not include now (not started yet, or ended). */
  COUPON_EXPIRED = 'COUPON_EXPIRED',
  /** The coupon does not apply to the plan being bought. */
  COUPON_NOT_FOR_PLAN = 'COUPON_NOT_FOR_PLAN',
  /** The coupon reached its total redemptions, or this account its own. */
  COUPON_USED_UP = 'COUPON_USED_UP',
  /** The coupon is for a first purchase and this account has bought a plan before. */
  COUPON_FIRST_PURCHASE_ONLY = 'COUPON_FIRST_PURCHASE_ONLY',
  /** A coupon code that another coupon has already. */
  COUPON_CODE_TAKEN = 'COUPON_CODE_TAKEN',
  /** This number had its free trial already (once per number, ever), or a plan runs now. */
  TRIAL_NOT_AVAILABLE = 'TRIAL_NOT_AVAILABLE',
  // Plans the business can change (issue 26, D43).
  /** New terms for a plan from a moment already past: a change takes effect now or later. */
  PLAN_CHANGE_IN_PAST = 'PLAN_CHANGE_IN_PAST',
  /** The change to cancel has taken effect already (orders were sold on it). */
  PLAN_CHANGE_STARTED = 'PLAN_CHANGE_STARTED',
  // Playback (issue 8): SPEC §8 names the first two.
  UNAUTHORIZED_ACCESS = 'UNAUTHORIZED_ACCESS',
  DEVICE_NOT_ALLOWED = 'DEVICE_NOT_ALLOWED',
  STREAM_LIMIT_REACHED = 'STREAM_LIMIT_REACHED',
  VIDEO_NOT_READY = 'VIDEO_NOT_READY',
  STREAM_FORBIDDEN = 'STREAM_FORBIDDEN',
  /** D44: a subtitle file that is not SRT or WebVTT, or has a broken cue timing (the message names its line). */
  SUBTITLE_INVALID = 'SUBTITLE_INVALID',
  /** D44: an audio track's file in which ffprobe finds no audio stream. */
  AUDIO_INVALID = 'AUDIO_INVALID',
  /** D44: a dub asked from a source audio stream that the video's source does not have. */
  AUDIO_STREAM_NOT_FOUND = 'AUDIO_STREAM_NOT_FOUND',
  SERVICE_UNAVAILABLE = 'SERVICE_UNAVAILABLE',
  // My List (issue 22): the title to add is not in the catalogue.
  TITLE_NOT_FOUND = 'TITLE_NOT_FOUND',
  // Profiles (issue 22, D37).
  /** The account has its five profiles already. */
  PROFILE_LIMIT_REACHED = 'PROFILE_LIMIT_REACHED',
  /** The account's first profile (the viewer's own id) cannot be deleted; deleting the account does. */
  FIRST_PROFILE_KEPT = 'FIRST_PROFILE_KEPT',
  /** A kids profile asked for a title above its maturity level. */
  PROFILE_MATURITY_BLOCKED = 'PROFILE_MATURITY_BLOCKED',
  /** The kids profile in use may not manage the account, its payments or its profiles. */
  PROFILE_NOT_ALLOWED = 'PROFILE_NOT_ALLOWED',
  /** A profile lock missing or wrong; `limit` says how many tries are left before the wait. */
  PROFILE_LOCK_INVALID = 'PROFILE_LOCK_INVALID',
  /** Five wrong tries in a row: no try is taken until `retryAfterSeconds` have passed. */
  PROFILE_LOCK_WAIT = 'PROFILE_LOCK_WAIT',
  INTERNAL = 'INTERNAL',
}

export const HTTP_STATUS_BY_CODE: Record<ErrorCode, number> = {
  [ErrorCode.VALIDATION_FAILED]: 400,
  [ErrorCode.BAD_REQUEST]: 400,
  [ErrorCode.BAD_MESSAGE]: 400,
  [ErrorCode.UNAUTHENTICATED]: 401,
  [ErrorCode.FORBIDDEN]: 403,
  [ErrorCode.NOT_FOUND]: 404,
  [ErrorCode.ROUTE_NOT_FOUND]: 404,
  [ErrorCode.CONFLICT]: 409,
  [ErrorCode.PAYLOAD_TOO_LARGE]: 413,
  [ErrorCode.UNSUPPORTED_MEDIA_TYPE]: 415,
  [ErrorCode.RATE_LIMITED]: 429,
  [ErrorCode.INVALID_PHONE_NUMBER]: 400,
  [ErrorCode.OTP_NOT_REQUESTED]: 400,
  [ErrorCode.OTP_INVALID]: 400,
  [ErrorCode.OTP_EXPIRED]: 400,
  [ErrorCode.OTP_ATTEMPTS_EXCEEDED]: 400,
  [ErrorCode.INVALID_CREDENTIALS]: 401,
  [ErrorCode.ACCOUNT_LOCKED]: 429,
  [ErrorCode.ADMIN_ROLE_FORBIDDEN]: 403,
  [ErrorCode.ACCOUNT_DISABLED]: 403,
  [ErrorCode.SECOND_FACTOR_INVALID]: 401,
  [ErrorCode.INVITATION_INVALID]: 410,
  // TOKEN_EXPIRED is the one a client answers by renewing with its refresh token; the others end the session.
  [ErrorCode.TOKEN_INVALID]: 401,
  [ErrorCode.TOKEN_EXPIRED]: 401,
  [ErrorCode.TOKEN_REVOKED]: 401,
  // The same answer for an unknown order and another viewer's: nothing tells one from the other.
  [ErrorCode.ORDER_NOT_FOUND]: 404,
  [ErrorCode.PLAN_MISMATCH]: 400,
  [ErrorCode.PLAN_QUEUED]: 409,
  [ErrorCode.PAYMENT_SIGNATURE_INVALID]: 400,
  [ErrorCode.PAYMENT_FAILED]: 402,
  // Razorpay retries a webhook that is not answered 2xx; a bad signature is never worth retrying.
  [ErrorCode.WEBHOOK_SIGNATURE_INVALID]: 400,
  [ErrorCode.PAYMENT_PROVIDER_UNAVAILABLE]: 502,
  [ErrorCode.REFUND_EXCEEDS_PAYMENT]: 409,
  [ErrorCode.PAYMENT_NOT_REFUNDABLE]: 409,
  [ErrorCode.COUPON_UNKNOWN]: 404,
  [ErrorCode.COUPON_EXPIRED]: 410,
  [ErrorCode.COUPON_NOT_FOR_PLAN]: 422,
  [ErrorCode.COUPON_USED_UP]: 409,
  [ErrorCode.COUPON_FIRST_PURCHASE_ONLY]: 403,
  [ErrorCode.COUPON_CODE_TAKEN]: 409,
  [ErrorCode.TRIAL_NOT_AVAILABLE]: 409,
  [ErrorCode.PLAN_CHANGE_IN_PAST]: 422,
  [ErrorCode.PLAN_CHANGE_STARTED]: 409,
  [ErrorCode.UNAUTHORIZED_ACCESS]: 403,
  [ErrorCode.DEVICE_NOT_ALLOWED]: 403,
  [ErrorCode.STREAM_LIMIT_REACHED]: 429,
  [ErrorCode.VIDEO_NOT_READY]: 409,
  // A stream URL that is tampered, expired, another title's or above the plan.
  [ErrorCode.STREAM_FORBIDDEN]: 403,
  [ErrorCode.SUBTITLE_INVALID]: 400,
  [ErrorCode.AUDIO_INVALID]: 415,
  [ErrorCode.AUDIO_STREAM_NOT_FOUND]: 400,
  [ErrorCode.SERVICE_UNAVAILABLE]: 503,
  [ErrorCode.TITLE_NOT_FOUND]: 404,
  [ErrorCode.PROFILE_LIMIT_REACHED]: 409,
  [ErrorCode.FIRST_PROFILE_KEPT]: 409,
  [ErrorCode.PROFILE_MATURITY_BLOCKED]: 403,
  [ErrorCode.PROFILE_NOT_ALLOWED]: 403,
  [ErrorCode.PROFILE_LOCK_INVALID]: 403,
  [ErrorCode.PROFILE_LOCK_WAIT]: 429,
  [ErrorCode.INTERNAL]: 500,
};

/**
 * Codes the front ends' own web server answers with (libs/web-server), outside the platform's
 * services and so outside ErrorCode: a browser may see them as it sees the gateway's.
 */
export const WEB_SERVER_ERROR_CODES = ['GATEWAY_UNREACHABLE'] as const;

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
  /** For RATE_LIMITED and ACCOUNT_LOCKED: when to try again; the gateway also sends it as `Retry-After`. */
  retryAfterSeconds?: number;
  /** For STREAM_LIMIT_REACHED: the screens the plan allows, so a client can say it in its own words. */
  limit?: number;
}

/** A failure the product expects and names; thrown by services, mapped by the gateway. */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string[]>,
    readonly retryAfterSeconds?: number,
    readonly limit?: number,
  ) {
    super(message);
    this.name = 'DomainError';
  }

  /** A refusal that may be tried again later (RATE_LIMITED, ACCOUNT_LOCKED). */
  static retryLater(code: ErrorCode, message: string, retryAfterSeconds: number): DomainError {
    return new DomainError(code, message, undefined, Math.max(1, Math.ceil(retryAfterSeconds)));
  }

  /** A refusal at a limit the answer names (STREAM_LIMIT_REACHED: the plan's screens). */
  static atLimit(code: ErrorCode, message: string, limit: number): DomainError {
    return new DomainError(code, message, undefined, undefined, limit);
  }

  toBody(): ErrorBody {
    const body: ErrorBody = { code: this.code, message: this.message };
    if (this.fields) body.fields = this.fields;
    if (this.retryAfterSeconds !== undefined) body.retryAfterSeconds = this.retryAfterSeconds;
    if (this.limit !== undefined) body.limit = this.limit;
    return body;
  }

  /** Rebuilds a DomainError from a body received over the wire; anything unrecognised is INTERNAL. */
  static fromBody(body: unknown): DomainError {
    if (body && typeof body === 'object') {
      const { code, message, fields, retryAfterSeconds, limit } = body as Partial<ErrorBody>;
      if (isErrorCode(code)) {
        const retryAfter = typeof retryAfterSeconds === 'number' ? retryAfterSeconds : undefined;
        return new DomainError(
          code,
          typeof message === 'string' ? message : code,
          fields,
          retryAfter,
          typeof limit === 'number' ? limit : undefined,
        );
      }
    }
    return new DomainError(ErrorCode.INTERNAL, 'Something went wrong.');
  }
}
