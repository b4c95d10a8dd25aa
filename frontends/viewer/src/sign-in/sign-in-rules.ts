import { parseIndianMobile, returnPathFrom, SignInMessages } from '@chitram/contracts/src/identity';

/** SPEC §9: a 10-digit number after +91, a 6-digit code, 60 seconds between sends. */
export const PHONE_LENGTH = 10;
export const OTP_LENGTH = 6;
export const RESEND_WAIT_SECONDS = 60;

/**
 * What the Mobile Number field keeps of what was typed or pasted: digits only, at most 10. A pasted
 * `+91 98765 43210` or `098765 43210` keeps the 10 digits after the prefix, since +91 is fixed beside it.
 */
export function phoneDigitsFrom(input: string): string {
  let digits = input.replace(/\D/g, '');
  if (digits.length > PHONE_LENGTH && digits.startsWith('91')) digits = digits.slice(2);
  else if (digits.length > PHONE_LENGTH && digits.startsWith('0')) digits = digits.slice(1);
  return digits.slice(0, PHONE_LENGTH);
}

/** The stored form `+91XXXXXXXXXX` of a valid Indian mobile number (DECISIONS D4), or null. */
export function phoneNumberFrom(digits: string): string | null {
  return parseIndianMobile(digits) ?? null;
}

/** SPEC §5: the code field takes digits only, up to 6. */
export function otpDigitsFrom(input: string): string {
  return input.replace(/\D/g, '').slice(0, OTP_LENGTH);
}

/** `+919876543210` → `+91 98765 43210`, for reading back to the person. */
export function formatPhoneNumber(phoneNumber: string): string {
  const match = /^\+91(\d{5})(\d{5})$/.exec(phoneNumber);
  return match ? `+91 ${match[1]} ${match[2]}` : phoneNumber;
}

/** Whole seconds left before another code may be sent; 0 when it may be sent now. */
export function secondsUntil(resendAt: number | null, now: number): number {
  if (resendAt === null) return 0;
  return Math.max(0, Math.ceil((resendAt - now) / 1000));
}

export interface SendButton {
  disabled: boolean;
  label: string;
}

/**
 * SPEC §4.3/§5: the send button is disabled while the field is empty, while sending ('Sending OTP') and
 * during the wait after a send ('Resend OTP in {n}').
 */
export function sendButton(state: {
  digits: string;
  sending: boolean;
  secondsLeft: number;
  idleLabel: string;
}): SendButton {
  if (state.sending) return { disabled: true, label: 'Sending OTP' };
  if (state.secondsLeft > 0) return { disabled: true, label: `Resend OTP in ${state.secondsLeft}` };
  return { disabled: state.digits === '', label: state.idleLabel };
}

/** SPEC §8 with DECISIONS D15's wording: what a failed send says. */
export function sendFailureMessage(code: string): string {
  switch (code) {
    case 'INVALID_PHONE_NUMBER':
    case 'VALIDATION_FAILED':
      return SignInMessages.invalidPhoneNumber;
    case 'RATE_LIMITED':
      return SignInMessages.tooManyRequests;
    default:
      return SignInMessages.sendFailed;
  }
}

/**
 * What a failed verification says: the spec's texts for a wrong code or none requested; the server's
 * own words for an expired or exhausted code (they tell the person to ask for a new one).
 */
export function verifyFailureMessage(problem: { code: string; message: string }): string {
  switch (problem.code) {
    case 'OTP_NOT_REQUESTED':
      return SignInMessages.otpNotRequested;
    case 'OTP_EXPIRED':
    case 'OTP_ATTEMPTS_EXCEEDED':
      return problem.message;
    case 'RATE_LIMITED':
      return SignInMessages.tooManyRequests;
    default:
      return SignInMessages.otpInvalid;
  }
}

/** What the login flow carries from /login to /verify-otp and back in navigation state (DECISIONS D9). */
export interface SignInFlow {
  /** `+91XXXXXXXXXX`, once a code was sent to it. */
  phoneNumber: string | null;
  /** When another code may be sent (epoch ms), or null. */
  resendAt: number | null;
  /** Where to go once signed in (the page that sent the visitor to log in); null: home. */
  returnTo: string | null;
}

export function signInFlowFrom(state: unknown): SignInFlow {
  const value = (typeof state === 'object' && state !== null ? state : {}) as Record<string, unknown>;
  const phoneNumber = typeof value.phoneNumber === 'string' ? phoneNumberFrom(value.phoneNumber) : null;
  const resendAt =
    typeof value.resendAt === 'number' && Number.isFinite(value.resendAt) ? value.resendAt : null;
  return { phoneNumber, resendAt, returnTo: returnPathFrom(value.returnTo) };
}
