import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  RefreshRequest,
  SelectProfileRequest,
  Subjects,
  ViewerRef,
  type SignedInSession,
  type TokenPair,
} from '@chitram/contracts';
import { LogoutBody, RevokeSubjectBody } from './sessions.dto';
import { SessionsService } from './sessions.service';
import { Handles } from '@chitram/nest-kit';

@Controller()
export class SessionsController {
  constructor(private readonly sessions: SessionsService) {}

  @Handles(Subjects.auth.refresh)
  async refresh(@Payload() body: RefreshRequest): Promise<TokenPair> {
    const { token, refreshToken } = await this.sessions.refresh(body.refreshToken);
    return { token, refreshToken };
  }

  @Handles(Subjects.auth.selectProfile)
  async selectProfile(@Payload() body: SelectProfileRequest): Promise<TokenPair> {
    const { token, refreshToken } = await this.sessions.selectProfile(
      body.sessionId,
      body.subjectId,
      body.profileId,
    );
    return { token, refreshToken };
  }

  @Handles(Subjects.auth.logout)
  async logout(@Payload() body: LogoutBody): Promise<{ success: true }> {
    await this.sessions.logout(body.sessionId);
    return { success: true };
  }

  @Handles(Subjects.auth.reports.sessionsOf)
  sessionsOf(@Payload() body: ViewerRef): Promise<SignedInSession[]> {
    return this.sessions.openSessionsOf(body.viewerId);
  }

  @Handles(Subjects.auth.revokeSubject)
  async revokeSubject(@Payload() body: RevokeSubjectBody): Promise<{ success: true }> {
    await this.sessions.revokeSubject(body.subjectId, 'account deleted');
    return { success: true };
  }
}
