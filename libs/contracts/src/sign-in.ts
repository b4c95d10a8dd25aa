/**
 * The sign-in requests (DECISIONS D3–D6, D29), declared once: the gateway validates the public body with
 * these classes and the auth service the payload (the body and what the gateway adds). Kept apart from
 * identity.ts, which the front ends read and which carries no decorators.
 */
import { IsIP, IsString, IsUUID, Length, Matches, MaxLength } from 'class-validator';
import type {
  AdminLoginReply,
  LogoutRequest,
  OtpOutbox,
  OtpOutboxRequest,
  RevokeSubjectRequest,
  SendOtpReply,
  TokenPair,
  ViewerSession,
} from './identity';
import { subject } from './subject';

// The request classes bound the shapes on both sides of NATS: the gateway validates the public body, the
// auth service the payload (the body and what the gateway adds). The phone rule itself
// (INVALID_PHONE_NUMBER) is the auth service's.

/** `POST /api/user/send-otp`'s body (DECISIONS D29). */
export class SendOtpBody {
  /** As the person typed it: a 10-digit Indian mobile number, with or without +91. */
  @IsString()
  @MaxLength(20)
  phoneNumber: string;
}

export class SendOtpRequest extends SendOtpBody {
  /** The caller's address as the gateway saw it, for the per-IP limit. */
  @IsIP()
  clientIp: string;
}

/** `POST /api/user/verify-otp`'s body (DECISIONS D29). */
export class VerifyOtpBody {
  @IsString()
  @MaxLength(20)
  phoneNumber: string;

  @Matches(/^\d{6}$/, { message: 'otp must be 6 digits' })
  otp: string;
}

export class VerifyOtpRequest extends VerifyOtpBody {
  /** The caller's address as the gateway saw it: wrong guesses are counted per number and address (issue 20). */
  @IsIP()
  clientIp: string;
}

/** `POST /api/admin/admin-login`'s body (DECISIONS D29). */
export class AdminLoginBody {
  @IsString()
  @Length(1, 254)
  email: string;

  @IsString()
  @Length(1, 256)
  password: string;
}

export class AdminLoginRequest extends AdminLoginBody {
  /** The caller's address as the gateway saw it, for the per-address limit. */
  @IsIP()
  clientIp: string;
}

/** `POST /api/auth/refresh`'s body and the auth service's payload alike. */
export class RefreshRequest {
  @IsString()
  @Length(1, 200)
  refreshToken: string;
}

/**
 * A viewer's session chooses a profile (issue 22, D37): the gateway has checked the profile is the
 * account's. Answers a new pair whose access tokens carry it.
 */
export class SelectProfileRequest {
  @IsUUID()
  sessionId: string;

  @IsUUID()
  subjectId: string;

  @IsUUID()
  profileId: string;
}

/** What a session change answers. */
export interface Done {
  success: true;
}

/** Subjects.auth's sign-in and session subjects, each with its request and reply. */
export const SignInSubjects = {
  sendOtp: subject<SendOtpRequest, SendOtpReply>('chitram.auth.otp.send.v1'),
  verifyOtp: subject<VerifyOtpRequest, ViewerSession>('chitram.auth.otp.verify.v1'),
  /** Development only: the codes the console provider sent to a number. */
  otpOutbox: subject<OtpOutboxRequest, OtpOutbox>('chitram.auth.otp.outbox.v1'),
  /** The password step: a session, or the second factor it needs first (issue 20). */
  adminLogin: subject<AdminLoginRequest, AdminLoginReply>('chitram.auth.admin.login.v1'),
  refresh: subject<RefreshRequest, TokenPair>('chitram.auth.session.refresh.v1'),
  logout: subject<LogoutRequest, Done>('chitram.auth.session.logout.v1'),
  selectProfile: subject<SelectProfileRequest, TokenPair>('chitram.auth.session.select-profile.v1'),
  /** Revokes every session of a viewer or admin at once (account deletion). */
  revokeSubject: subject<RevokeSubjectRequest, Done>('chitram.auth.session.revoke-subject.v1'),
};
