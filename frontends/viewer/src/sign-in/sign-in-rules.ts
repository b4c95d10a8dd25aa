import { parseIndianMobile, returnPathFrom } from '@chitram/contracts/web';

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

/** The send button's words: idle (Send OTP / Resend OTP), sending, or the wait's seconds. */
export type SendButtonText = { kind: 'idle' } | { kind: 'sending' } | { kind: 'wait'; seconds: number };

export interface SendButton {
  disabled: boolean;
  text: SendButtonText;
}

/**
 * SPEC §4.3/§5: the send button is disabled while the field is empty, while sending ('Sending OTP') and
 * during the wait after a send ('Resend OTP in {n}').
 */
export function sendButton(state: { digits: string; sending: boolean; secondsLeft: number }): SendButton {
  if (state.sending) return { disabled: true, text: { kind: 'sending' } };
  if (state.secondsLeft > 0) return { disabled: true, text: { kind: 'wait', seconds: state.secondsLeft } };
  return { disabled: state.digits === '', text: { kind: 'idle' } };
}

/** SPEC §8 with DECISIONS D15's wording: what a failed send says (the viewer catalogue's `signIn.…`). */
export function sendFailure(code: string): 'invalidPhone' | 'tooManyRequests' | 'sendFailed' {
  switch (code) {
    case 'INVALID_PHONE_NUMBER':
    case 'VALIDATION_FAILED':
      return 'invalidPhone';
    case 'RATE_LIMITED':
      return 'tooManyRequests';
    default:
      return 'sendFailed';
  }
}

/**
 * What a failed verification says: the words for its code when the code tells the person what to do
 * (ask for a code first or anew, wait); 'Failed to verify OTP.' for anything else (SPEC §8).
 */
export function verifyFailure(code: string): 'fromCode' | 'otpInvalid' {
  switch (code) {
    case 'OTP_INVALID':
    case 'OTP_NOT_REQUESTED':
    case 'OTP_EXPIRED':
    case 'OTP_ATTEMPTS_EXCEEDED':
    case 'RATE_LIMITED':
      return 'fromCode';
    default:
      return 'otpInvalid';
  }
}

/**
 * The wait before another code may be sent to `phoneNumber`: it belongs to the number the last code
 * went to (issue 11: 'Change number' lets another number have a code at once).
 */
export function resendWaitFor(
  phoneNumber: string | null,
  flow: Pick<SignInFlow, 'phoneNumber' | 'resendAt'>,
): number | null {
  return phoneNumber !== null && phoneNumber === flow.phoneNumber ? flow.resendAt : null;
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
