import { Module } from '@nestjs/common';
import { SessionsModule } from '../sessions/sessions.module';
import { AdminActionHandler } from './admin-action.handler';
import { AuditEntries } from './audit-entries.repository';
import { AuditController } from './audit.controller';
import { AuditRetention } from './audit-retention';
import { AuditTrail } from './audit-trail';

/** The audit trail (issue 9): filed from every service's admin writes, and the admins' own sign-ins. */
@Module({
  imports: [SessionsModule],
  controllers: [AuditController],
  providers: [AuditEntries, AuditTrail, AdminActionHandler, AuditRetention],
  exports: [AuditEntries],
})
export class AuditModule {}
