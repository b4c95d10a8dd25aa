import { defineService, OutboxEvent, ProcessedEvent } from '@chitram/nest-kit';
import { AppModule } from './app.module';
import { BillingConfig } from './config';
import { Init1763712000000 } from './migrations/1763712000000-Init';
import { Subscriptions1795373000000 } from './migrations/1795373000000-Subscriptions';
import { BillingAnalytics1795400000000 } from './migrations/1795400000000-BillingAnalytics';
import { AnalyticsRebuildJobs1795400500000 } from './migrations/1795400500000-AnalyticsRebuildJobs';
import { DashboardTallies1795400600000 } from './migrations/1795400600000-DashboardTallies';
import { TaxInvoices1795500000000 } from './migrations/1795500000000-TaxInvoices';
import { UpgradeCredit1795500100000 } from './migrations/1795500100000-UpgradeCredit';
import { CreditNotes1795500200000 } from './migrations/1795500200000-CreditNotes';
import { Refunds1795817829925 } from './migrations/1795817829925-Refunds';
import { Promotions1795817895917 } from './migrations/1795817895917-Promotions';
import { OutboxTraceContext1795818230247 } from './migrations/1795818230247-OutboxTraceContext';
import { PlanEndReminders1795818216874 } from './migrations/1795818216874-PlanEndReminders';
import { PlanTerms1795831369017 } from './migrations/1795831369017-PlanTerms';

export const billingService = defineService({
  name: 'billing',
  config: BillingConfig,
  module: AppModule,
  database: {
    entities: [OutboxEvent, ProcessedEvent],
    migrations: [
      Init1763712000000,
      Subscriptions1795373000000,
      BillingAnalytics1795400000000,
      AnalyticsRebuildJobs1795400500000,
      DashboardTallies1795400600000,
      TaxInvoices1795500000000,
      UpgradeCredit1795500100000,
      CreditNotes1795500200000,
      Refunds1795817829925,
      Promotions1795817895917,
      OutboxTraceContext1795818230247,
      PlanEndReminders1795818216874,
      PlanTerms1795831369017,
    ],
  },
});
