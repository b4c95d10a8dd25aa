import { defineService, OutboxEvent } from '@chitram/nest-kit';
import { AppModule } from './app.module';
import { MediaConfig } from './config';
import { Init1763712000000 } from './migrations/1763712000000-Init';

export const mediaService = defineService({
  name: 'media',
  config: MediaConfig,
  module: AppModule,
  database: { entities: [OutboxEvent], migrations: [Init1763712000000] },
});
