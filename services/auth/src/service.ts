import { defineService, OutboxEvent } from '@chitram/nest-kit';
import { AppModule } from './app.module';
import { AuthConfig } from './config';
import { Init1763712000000 } from './migrations/1763712000000-Init';

export const authService = defineService({
  name: 'auth',
  config: AuthConfig,
  module: AppModule,
  database: { entities: [OutboxEvent], migrations: [Init1763712000000] },
});
