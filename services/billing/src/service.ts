import { defineService, OutboxEvent } from '@chitram/nest-kit';
import { AppModule } from './app.module';
import { BillingConfig } from './config';
import { Init1763712000000 } from './migrations/1763712000000-Init';

export const billingService = defineService({
  name: 'billing',
  config: BillingConfig,
  module: AppModule,
  database: { entities: [OutboxEvent], migrations: [Init1763712000000] },
});
