import { Injectable } from '@nestjs/common';
import {
  DomainError,
  ErrorCode,
  NOT_SUBSCRIBED,
  parseIndianMobile,
  SignInMessages,
  Subjects,
  type OtpOutbox,
  type SendOtpReply,
  type SendOtpRequest,
  type ViewerSession,
  type VerifyOtpRequest,
} from '@chitram/contracts';
import { defineCounter, RpcClient } from '@chitram/nest-kit';
import { AuthConfig } from '../config';
import { SessionsService } from '../sessions/sessions.service';
import { OtpChallenges } from './otp-challenges';
import { generateOtp, OtpHasher } from './otp-code';
import { ConsoleOtpProvider } from './providers/console-otp.provider';
import { OtpProvider } from './providers/otp-provider';
import { SendLimits, type PermittedSend } from './send-limits';

/** OTP sends (served at `/metrics`): sent, limited (a rate limit refused it), failed (the provider). */
const otpSends = defineCounter({
  name: 'chitram_otp_sends_total',
  help: 'One-time passwords asked for, by outcome (sent, limited, failed)',
  labelNames: ['outcome'] as const,
});

function phoneOrThrow(input: string): string {
  const phone = parseIndianMobile(input);
  if (!phone) throw new DomainError(ErrorCode.INVALID_PHONE_NUMBER, SignInMessages.invalidPhoneNumber);
  return phone;
}

/**
 * Phone sign-in (DECISIONS D3, D4): send a code within the limits, check a guess, and on the right one
 * find or create the viewer and open a session. Nothing here depends on whether the number already
 * has an account, so no answer can tell.
 */
@Injectable()
export class OtpService {
  private readonly hasher: OtpHasher;

  constructor(
    private readonly config: AuthConfig,
    private readonly provider: OtpProvider,
    private readonly limits: SendLimits,
    private readonly challenges: OtpChallenges,
    private readonly sessions: SessionsService,
    private readonly rpc: RpcClient,
  ) {
    this.hasher = new OtpHasher(config.OTP_HASH_SECRET);
  }

  async send(request: SendOtpRequest): Promise<SendOtpReply> {
    const phone = phoneOrThrow(request.phoneNumber);
    let permitted: PermittedSend;
    try {
      permitted = await this.limits.permit(phone, request.clientIp);
    } catch (error) {
      const limited = error instanceof DomainError && error.code === ErrorCode.RATE_LIMITED;
      otpSends.inc({ outcome: limited ? 'limited' : 'failed' });
      throw error;
    }
    const code = this.provider.keepsCodes ? undefined : generateOtp();
    try {
      await this.provider.send(phone, code);
    } catch (error) {
      otpSends.inc({ outcome: 'failed' });
      await this.limits.releaseResendWait(phone, permitted);
      throw error;
    }
    otpSends.inc({ outcome: 'sent' });
    await this.challenges.open(
      phone,
      code ? this.hasher.hash(phone, code) : '',
      this.config.OTP_TTL_SECONDS,
      this.config.OTP_PHONE_WINDOW_SECONDS,
    );
    return {
      success: true,
      message: SignInMessages.otpSent,
      resendAfterSeconds: permitted.resendAfterSeconds,
      expiresInSeconds: this.config.OTP_TTL_SECONDS,
    };
  }

  async verify(request: VerifyOtpRequest): Promise<ViewerSession> {
    const phone = phoneOrThrow(request.phoneNumber);
    const attempt = await this.challenges.attempt(phone, request.clientIp);
    if (!attempt) {
      throw (await this.challenges.wasRequested(phone))
        ? new DomainError(ErrorCode.OTP_EXPIRED, SignInMessages.otpExpired)
        : new DomainError(ErrorCode.OTP_NOT_REQUESTED, SignInMessages.otpNotRequested);
    }
    // Counted before the code is looked at: past the limit even the right code fails, from that address.
    if (attempt.attempts > this.config.OTP_MAX_ATTEMPTS)
      throw new DomainError(ErrorCode.OTP_ATTEMPTS_EXCEEDED, SignInMessages.otpAttemptsExceeded);

    if (attempt.codeHash) {
      if (!this.hasher.matches(phone, request.otp, attempt.codeHash))
        throw new DomainError(ErrorCode.OTP_INVALID, SignInMessages.otpInvalid);
    } else {
      const answer = await this.provider.check(phone, request.otp);
      switch (answer) {
        case 'approved':
          break;
        case 'wrong':
          throw new DomainError(ErrorCode.OTP_INVALID, SignInMessages.otpInvalid);
        case 'expired':
          await this.challenges.consume(phone);
          throw new DomainError(ErrorCode.OTP_EXPIRED, SignInMessages.otpExpired);
        case 'exhausted':
          throw new DomainError(ErrorCode.OTP_ATTEMPTS_EXCEEDED, SignInMessages.otpAttemptsExceeded);
      }
    }

    const viewer = await this.rpc.call(Subjects.users.findOrCreateViewer, { phoneNumber: phone });
    // Single use: of two requests with the right code, only the one that removes it gets a session.
    if (!(await this.challenges.consume(phone)))
      throw new DomainError(ErrorCode.OTP_EXPIRED, SignInMessages.otpExpired);
    const session = await this.sessions.open(viewer._id, 'user');
    return {
      token: session.token,
      refreshToken: session.refreshToken,
      _id: viewer._id,
      phoneNumber: viewer.phoneNumber,
      ...NOT_SUBSCRIBED,
    };
  }

  /** Development only: what the console provider sent to a number. */
  outbox(phoneNumber: string): Promise<OtpOutbox> {
    const phone = phoneOrThrow(phoneNumber);
    if (this.config.isProduction || !(this.provider instanceof ConsoleOtpProvider))
      throw new DomainError(
        ErrorCode.NOT_FOUND,
        'The OTP outbox exists only with the console provider in development.',
      );
    return this.provider.outbox(phone);
  }
}
