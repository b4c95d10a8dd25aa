import { Body, Controller, Header, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  AcceptInvitationBody,
  AdminLoginBody,
  RefreshRequest,
  SecondFactorBody,
  SendOtpBody,
  SignInChallengeBody,
  Subjects,
  VerifyOtpBody,
  type AdminLoginReply,
  type AdminSession,
  type Done,
  type TotpEnrolment,
  type SendOtpReply,
  type TokenPair,
  type ViewerSession,
} from '@chitram/contracts';
import { LOGGER, RpcClient, type Logger } from '@chitram/nest-kit';
import type { FastifyRequest } from 'fastify';
import { ViewerPlans } from '../billing/viewer-plans';
import { freeScreens } from '../playback/free-screens';
import { Public, Roles } from './access';
import { CurrentPrincipal, type Principal } from './principal';

@ApiTags('sign-in')
@Controller()
export class SignInController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly plans: ViewerPlans,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @Post('user/send-otp')
  @Public()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Send a 6-digit code to a mobile number (rate-limited per number and per client)',
  })
  sendOtp(@Body() body: SendOtpBody, @Req() request: FastifyRequest): Promise<SendOtpReply> {
    return this.rpc.call(Subjects.auth.sendOtp, { phoneNumber: body.phoneNumber, clientIp: request.ip });
  }

  @Post('user/verify-otp')
  @Public()
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Check the code; answers the viewer session with its plan (DECISIONS D2, D29); wrong guesses counted per number and client address',
  })
  async verifyOtp(@Body() body: VerifyOtpBody, @Req() request: FastifyRequest): Promise<ViewerSession> {
    const session = await this.rpc.call(Subjects.auth.verifyOtp, { ...body, clientIp: request.ip });
    return { ...session, ...(await this.plans.forSession(session._id)) };
  }

  @Post('admin/admin-login')
  @Public()
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Admin sign-in with e-mail and password; answers the admin session, or the second step it needs first (issue 20); failures limited per e-mail and per client address',
  })
  adminLogin(@Body() body: AdminLoginBody, @Req() request: FastifyRequest): Promise<AdminLoginReply> {
    return this.rpc.call(Subjects.auth.adminLogin, { ...body, clientIp: request.ip });
  }

  @Post('admin/admin-login/enrol')
  @Public()
  @HttpCode(200)
  @Header('cache-control', 'no-store')
  @ApiOperation({
    summary:
      'First sign-in where a second factor is required: a secret and otpauth:// link to add to an authenticator app',
  })
  enrolAtSignIn(@Body() body: SignInChallengeBody): Promise<TotpEnrolment> {
    return this.rpc.call(Subjects.auth.secondFactor.enrolAtSignIn, body);
  }

  @Post('admin/admin-login/second-factor')
  @Public()
  @HttpCode(200)
  @Header('cache-control', 'no-store')
  @ApiOperation({
    summary:
      'The second step: the authenticator’s code (or a recovery code, once each) answers the admin session; five wrong codes end the step',
  })
  completeAdminLogin(@Body() body: SecondFactorBody, @Req() request: FastifyRequest): Promise<AdminSession> {
    return this.rpc.call(Subjects.auth.secondFactor.complete, { ...body, clientIp: request.ip });
  }

  @Post('admin/invitation')
  @Public()
  @HttpCode(200)
  @ApiOperation({ summary: 'An invited admin sets their password through the link: once, until it expires' })
  acceptInvitation(@Body() body: AcceptInvitationBody, @Req() request: FastifyRequest): Promise<Done> {
    return this.rpc.call(Subjects.auth.admins.acceptInvitation, { ...body, clientIp: request.ip });
  }

  @Post('auth/refresh')
  @Public()
  @HttpCode(200)
  @ApiOperation({ summary: 'Exchange a refresh token for a new pair; a reused one ends its whole session' })
  refresh(@Body() body: RefreshRequest): Promise<TokenPair> {
    return this.rpc.call(Subjects.auth.refresh, body);
  }

  @Post('auth/logout')
  @Roles('user', 'admin')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'End the caller’s session: its access and refresh tokens stop working at once, and a viewer’s screen is freed',
  })
  async logout(@CurrentPrincipal() caller: Principal): Promise<{ success: true }> {
    const done = await this.rpc.call(Subjects.auth.logout, { sessionId: caller.sessionId });
    // The session's screen is free for another at once, not a heartbeat's hold later (issue 20).
    if (caller.role === 'user') await freeScreens(this.rpc, this.logger, caller.subjectId, caller.sessionId);
    return done;
  }
}
