import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  AuditPageRequest,
  RecordAdminActionRequest,
  SignOutEverywhereRequest,
  Subjects,
  type AuditPage,
} from '@chitram/contracts';
import { AuditTrail } from './audit-trail';
import { Handles } from '@chitram/nest-kit';

@Controller()
export class AuditController {
  constructor(private readonly trail: AuditTrail) {}

  @Handles(Subjects.auth.audit.page)
  page(@Payload() request: AuditPageRequest): Promise<AuditPage> {
    return this.trail.page(request);
  }

  @Handles(Subjects.auth.audit.record)
  async record(@Payload() request: RecordAdminActionRequest): Promise<{ recorded: boolean }> {
    return { recorded: await this.trail.record(request) };
  }

  @Handles(Subjects.auth.audit.signOutEverywhere)
  async signOutEverywhere(@Payload() request: SignOutEverywhereRequest): Promise<{ success: true }> {
    await this.trail.signOutEverywhere(request);
    return { success: true };
  }
}
