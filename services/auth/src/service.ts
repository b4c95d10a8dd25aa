import { defineService, OutboxEvent, ProcessedEvent } from '@chitram/nest-kit';
import { AdminAccount, AdminRecoveryCode, AdminTicket } from './admins/admin-account.entity';
import { AdminLoginThrottle } from './admins/admin-login-throttle.entity';
import { AppModule } from './app.module';
import { AuditEntryRow } from './audit/audit-entry.entity';
import { AuthConfig } from './config';
import { Init1763712000000 } from './migrations/1763712000000-Init';
import { SignIn1764460800000 } from './migrations/1764460800000-SignIn';
import { AuditTrail1795390000000 } from './migrations/1795390000000-AuditTrail';
import { AdminSignInPerAddress1795400000000 } from './migrations/1795400000000-AdminSignInPerAddress';
import { AdminRolesAndSecondFactor1795410000000 } from './migrations/1795410000000-AdminRolesAndSecondFactor';
import { SessionProfile1795420000000 } from './migrations/1795420000000-SessionProfile';
import { OutboxTraceContext1795818230247 } from './migrations/1795818230247-OutboxTraceContext';
import { AuthSession, RefreshToken } from './sessions/session.entity';

export const authService = defineService({
  name: 'auth',
  config: AuthConfig,
  module: AppModule,
  database: {
    entities: [
      OutboxEvent,
      ProcessedEvent,
      AdminAccount,
      AdminRecoveryCode,
      AdminTicket,
      AdminLoginThrottle,
      AuthSession,
      RefreshToken,
      AuditEntryRow,
    ],
    migrations: [
      Init1763712000000,
      SignIn1764460800000,
      AuditTrail1795390000000,
      AdminSignInPerAddress1795400000000,
      AdminRolesAndSecondFactor1795410000000,
      SessionProfile1795420000000,
      OutboxTraceContext1795818230247,
    ],
  },
});
