import { defineService, OutboxEvent } from '@chitram/nest-kit';
import { AppModule } from './app.module';
import { CatalogConfig } from './config';
import { Init1763712000000 } from './migrations/1763712000000-Init';

export const catalogService = defineService({
  name: 'catalog',
  config: CatalogConfig,
  module: AppModule,
  database: { entities: [OutboxEvent], migrations: [Init1763712000000] },
});
