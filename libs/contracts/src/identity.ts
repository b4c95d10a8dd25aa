/**
 * Sign-in, sessions and viewer accounts (SPEC §3, §4.1–4.3, §5, §8; DECISIONS D2–D6, D25, D29): the
 * payloads of Subjects.auth and Subjects.users, the session shapes the web app stores, the phone rule
 * and the texts shown to people.
 */

import type { AdminRole, AdminSecondFactorStep } from './admin-team-answers';
import type { PlanCertainty } from './billing-answers';
import { DomainError, ErrorCode } from './errors';
import type { InterfaceLanguageCode } from './interface-languages';
import type { Profile } from './profiles-answers';

/** Roles carried in an access token (SPEC §6). A visitor has no token and so no role. */
export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** A 10-digit Indian mobile number (starts 6–9), with or without +91 (DECISIONS D4). */
const INDIAN_MOBILE_INPUT = /^(?:\+91)?([6-9]\d{9})$/;
/** How a phone number is stored and sent between services: +91 and 10 digits. */
export const STORED_PHONE_NUMBER = /^\+91[6-9]\d{9}$/;

/** `9876543210` or `+919876543210` (spaces ignored) → `+919876543210`; anything else → undefined. */
export function parseIndianMobile(input: unknown): string | undefined {
  if (typeof input !== 'string') return undefined;
  const match = INDIAN_MOBILE_INPUT.exec(input.replace(/\s+/g, ''));
  return match ? `+91${match[1]}` : undefined;
}

/** What a masked number shows of a number it does not recognise: no digit at all. */
export const MASKED_UNKNOWN_NUMBER = '•••••';

/**
 * A viewer's number as the back office lists it (issue 19): the country code, the first two and the last
 * three digits, enough to tell viewers apart at a glance and not enough to call one.
 * `+919876543210` → `+91 98•••••210`. The whole number is shown only on a viewer's page, on request,
 * and the audit trail records who asked.
 */
export function maskPhoneNumber(phoneNumber: string): string {
  const match = /^\+91(\d{2})\d{5}(\d{3})$/.exec(phoneNumber);
  return match ? `+91 ${match[1]}•••••${match[2]}` : MASKED_UNKNOWN_NUMBER;
}

/**
 * A path of this site to return to after signing in (the page that sent the visitor to log in), or null
 * for anything else: another site (`//host`, `https:`), a backslash trick, or a login page itself.
 */
export function returnPathFrom(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\'))
    return null;
  if (/^\/(login|verify-otp|admin)(\/?$|\?)/.test(value)) return null;
  return value.slice(0, 500);
}

/** Texts people see, SPEC §8 with the wording of DECISIONS D15. */
export const SignInMessages = {
  otpSent: 'OTP sent Successfully.',
  tooManyRequests: 'Too many requests. Please try again later.',
  invalidPhoneNumber: 'Invalid phone number. Please check the number',
  sendFailed: 'Failed to send OTP. Please try again.',
  otpNotRequested: 'Please request OTP first',
  otpInvalid: 'Failed to verify OTP.',
  otpExpired: 'This OTP has expired. Please request a new one.',
  otpAttemptsExceeded: 'Too many wrong codes. Please request a new OTP.',
  invalidCredentials: 'Invalid e-mail or password.',
  accountLocked: 'Too many failed logins. Please try again later.',
  loginRequired: 'Please log in to continue.',
  sessionEnded: 'Your session has ended. Please log in again.',
  sessionExpired: 'Your session has expired.',
  accountDeleted: 'Account deleted successfully.',
} as const;

/** A viewer's plan as the web app shows it (SPEC §3); billing fills it in. */
export interface ActiveSubscription {
  planName: string;
  validTill: string;
}

/** What a viewer's session says about plans until billing answers for them. */
export const NOT_SUBSCRIBED = { isSubscribed: false, activeSubscription: null } as const;

/** A viewer account as the users service answers it (D28: `_id`). */
export interface Viewer {
  _id: string;
  phoneNumber: string;
  createdAt: string;
  lastSeenAt: string;
}

/** `GET /api/user/me` (D2 plus the account's id and age). */
export interface ViewerProfile {
  _id: string;
  phoneNumber: string;
  /** null when billing could not answer and no plan is known (planStatus `unknown`). */
  isSubscribed: boolean | null;
  activeSubscription: ActiveSubscription | null;
  /** How sure the plan is (billing-answers' PlanCertainty); absent in answers of older gateways. */
  planStatus?: PlanCertainty;
  planSeenAt?: string;
  createdAt: string;
  /** The interface language the viewer chose while signed in (issue 11); null until they choose one. */
  interfaceLanguage: InterfaceLanguageCode | null;
  /** The profile in use (issue 22, D37); its language is interfaceLanguage. Absent from older gateways. */
  profile?: Profile;
}

/** `POST /api/user/verify-otp`: the viewer session of D2, with the refresh token beside it (D29). */
export interface ViewerSession {
  token: string;
  refreshToken: string;
  _id: string;
  phoneNumber: string;
  /** null when billing could not answer and no plan is known (planStatus `unknown`). */
  isSubscribed: boolean | null;
  activeSubscription: ActiveSubscription | null;
  planStatus?: PlanCertainty;
  planSeenAt?: string;
}

/** `POST /api/admin/admin-login`: the admin session of D2, with the refresh token beside it. */
export interface AdminSession {
  token: string;
  refreshToken: string;
  role: 'admin';
  /** What this admin may do (issue 20); the access token carries it too. */
  adminRole: AdminRole;
  email: string;
  /** Whether an authenticator app is enrolled. */
  secondFactor: boolean;
  /** Only right after enrolling a second factor: the ten recovery codes, shown this once. */
  recoveryCodes?: string[];
}

/** `POST /api/admin/admin-login`: a session, or the second step it needs first (issue 20). */
export type AdminLoginReply = AdminSession | AdminSecondFactorStep;

/** `POST /api/auth/refresh`: the next pair; the refresh token sent is spent. */
export interface TokenPair {
  token: string;
  refreshToken: string;
}

// ---- Subjects.auth payloads ----

export interface SendOtpReply {
  success: true;
  message: string;
  /** Seconds until another code may be asked for this number. */
  resendAfterSeconds: number;
  /** Seconds the code stays valid. */
  expiresInSeconds: number;
}

export interface LogoutRequest {
  /** The `sid` claim of the caller's access token. */
  sessionId: string;
}

export interface RevokeSubjectRequest {
  /** The viewer's or admin's id (the tokens' `sub`). */
  subjectId: string;
}

export interface OtpOutboxRequest {
  phoneNumber: string;
}

/** `GET /api/dev/otp-outbox`: the codes sent to a number, newest last (D29). */
export interface OtpOutbox {
  phoneNumber: string;
  codes: Array<{ otp: string; sentAt: string }>;
}

// ---- Subjects.users payloads ----

export interface FindOrCreateViewerRequest {
  /** Stored form, +91 and 10 digits. */
  phoneNumber: string;
}

export interface ViewerIdRequest {
  id: string;
}

export interface ViewerDeleted {
  success: true;
}

// ---- Events ----

/**
 * Events.userDeleted: a viewer account is gone. The viewer is `viewerId`, as in every other event about
 * a viewer (issue 21: one field name for one meaning).
 */
export interface UserDeleted {
  viewerId: string;
  deletedAt: string;
}

/**
 * Events.userDeleted as written before issue 21, with the viewer under `userId`. Such events may still
 * wait in an outbox or on the stream (kept a week) when the new code starts, so readers accept both
 * shapes, through deletedViewerId, for one release; then this shape and the `Read` half of
 * Events.userDeleted's declaration go.
 */
export interface UserDeletedBeforeIssue21 {
  userId: string;
  deletedAt: string;
}

/**
 * The deleted viewer's id, from Events.userDeleted in either shape; a payload with neither is refused
 * with BAD_MESSAGE (a consumer drops such an event rather than retrying it).
 */
export function deletedViewerId(payload: UserDeleted | UserDeletedBeforeIssue21): string {
  const fields = payload as Partial<UserDeleted & UserDeletedBeforeIssue21>;
  const id = fields.viewerId ?? fields.userId;
  if (typeof id !== 'string') throw new DomainError(ErrorCode.BAD_MESSAGE, 'the event names no viewer');
  return id;
}

/**
 * Redis keys (under the shared key prefix) through which the auth service tells the gateway that access
 * tokens stopped counting before they expire. Each lives as long as an access token, then every token it
 * could concern has expired anyway.
 */
export const RevocationKeys = {
  /** Present: every access token of this session family is refused. */
  session: (sessionId: string) => `auth:revoked:session:${sessionId}`,
  /** Milliseconds since the epoch: access tokens of this subject issued at or before it are refused. */
  subject: (subjectId: string) => `auth:revoked:subject:${subjectId}`,
};
