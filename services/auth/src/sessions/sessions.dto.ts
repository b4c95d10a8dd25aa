import type { LogoutRequest, RefreshRequest, RevokeSubjectRequest } from '@chitram/contracts';
import { IsString, IsUUID, Length } from 'class-validator';

export class RefreshBody implements RefreshRequest {
  @IsString()
  @Length(1, 200)
  refreshToken: string;
}

export class LogoutBody implements LogoutRequest {
  @IsUUID()
  sessionId: string;
}

export class RevokeSubjectBody implements RevokeSubjectRequest {
  @IsUUID()
  subjectId: string;
}
