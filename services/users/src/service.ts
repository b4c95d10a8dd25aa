import { defineService, OutboxEvent } from '@chitram/nest-kit';
import { AppModule } from './app.module';
import { UsersConfig } from './config';
import { Init1763712000000 } from './migrations/1763712000000-Init';

export const usersService = defineService({
  name: 'users',
  config: UsersConfig,
  module: AppModule,
  database: { entities: [OutboxEvent], migrations: [Init1763712000000] },
});
