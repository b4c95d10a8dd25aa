import type { LogoutRequest, RevokeSubjectRequest } from '@chitram/contracts';
import { IsUUID } from 'class-validator';

export class LogoutBody implements LogoutRequest {
  @IsUUID()
  sessionId: string;
}

export class RevokeSubjectBody implements RevokeSubjectRequest {
  @IsUUID()
  subjectId: string;
}
