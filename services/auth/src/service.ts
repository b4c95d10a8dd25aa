import { defineService, OutboxEvent, ProcessedEvent } from '@chitram/nest-kit';
import { AdminAccount } from './admins/admin-account.entity';
import { AppModule } from './app.module';
import { AuthConfig } from './config';
import { Init1763712000000 } from './migrations/1763712000000-Init';
import { SignIn1764460800000 } from './migrations/1764460800000-SignIn';
import { AuthSession, RefreshToken } from './sessions/session.entity';

export const authService = defineService({
  name: 'auth',
  config: AuthConfig,
  module: AppModule,
  database: {
    entities: [OutboxEvent, ProcessedEvent, AdminAccount, AuthSession, RefreshToken],
    migrations: [Init1763712000000, SignIn1764460800000],
  },
});
