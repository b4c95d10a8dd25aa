import { Module } from '@nestjs/common';
import { EventsModule, JobsModule } from '@chitram/nest-kit';
import { AccountDeletedHandler } from './accounts/account-deleted.handler';
import { BillingAccountsRepository } from './accounts/billing-accounts.repository';
import { BillingAccountsService } from './accounts/billing-accounts.service';
import { BillingController } from './billing.controller';
import { CreditNotesRepository } from './credit-notes/credit-notes.repository';
import { CreditNotesService } from './credit-notes/credit-notes.service';
import { CheckoutService } from './orders/checkout.service';
import { OrdersRepository } from './orders/orders.repository';
import { BillingSweeps } from './payments/billing-sweeps';
import { PaymentsRepository } from './payments/payments.repository';
import { SandboxCheckoutService } from './payments/sandbox-checkout.service';
import { SettlementService } from './payments/settlement.service';
import { WebhooksService } from './payments/webhooks.service';
import { PlansRepository } from './plans/plans.repository';
import { PlansService } from './plans/plans.service';
import { CouponsRepository } from './promotions/coupons.repository';
import { CouponsService } from './promotions/coupons.service';
import { PromotionsController } from './promotions/promotions.controller';
import { PlanTermsController } from './plans/plan-terms.controller';
import { TrialsRepository } from './promotions/trials.repository';
import { TrialsService } from './promotions/trials.service';
import { ProvidersModule } from './providers/providers.module';
import { ReceiptsRepository } from './receipts/receipts.repository';
import { ReceiptsService } from './receipts/receipts.service';
import { PlanEndReminders } from './reminders/plan-end-reminders';
import { PlanEndRemindersRepository } from './reminders/plan-end-reminders.repository';
import { PlanEndingController } from './reminders/plan-ending.controller';
import { BillingAnalyticsController } from './reports/billing-analytics.controller';
import { BillingAnalyticsHandler } from './reports/billing-analytics.handler';
import { BillingAnalyticsRepository } from './reports/billing-analytics.repository';
import { BillingAnalyticsService } from './reports/billing-analytics.service';
import { BillingReportsController } from './reports/billing-reports.controller';
import { BillingReportsRepository } from './reports/billing-reports.repository';
import { BillingReportsService } from './reports/billing-reports.service';
import { DemoPayments } from './reports/demo-payments';
import { AdminPaymentsService } from './refunds/admin-payments.service';
import { RefundsController } from './refunds/refunds.controller';
import { RefundsDueJob } from './refunds/refunds-due.job';
import { RefundsRepository } from './refunds/refunds.repository';
import { RefundsService } from './refunds/refunds.service';
import { GstReportsController } from './reports/gst-reports.controller';
import { GstReportsService } from './reports/gst-reports.service';
import { SubscriptionsRepository } from './subscriptions/subscriptions.repository';
import { SubscriptionsService } from './subscriptions/subscriptions.service';

@Module({
  imports: [EventsModule.forService(), JobsModule.forService(), ProvidersModule],
  controllers: [
    BillingController,
    BillingReportsController,
    BillingAnalyticsController,
    RefundsController,
    GstReportsController,
    PromotionsController,
    PlanEndingController,
    PlanTermsController,
  ],
  providers: [
    PlansRepository,
    PlansService,
    BillingAccountsRepository,
    BillingAccountsService,
    OrdersRepository,
    PaymentsRepository,
    SubscriptionsRepository,
    ReceiptsRepository,
    SettlementService,
    CheckoutService,
    WebhooksService,
    SandboxCheckoutService,
    SubscriptionsService,
    ReceiptsService,
    CreditNotesRepository,
    CreditNotesService,
    BillingSweeps,
    AccountDeletedHandler,
    BillingReportsRepository,
    BillingReportsService,
    BillingAnalyticsRepository,
    BillingAnalyticsService,
    BillingAnalyticsHandler,
    DemoPayments,
    RefundsRepository,
    RefundsService,
    RefundsDueJob,
    AdminPaymentsService,
    GstReportsService,
    CouponsRepository,
    CouponsService,
    TrialsRepository,
    TrialsService,
    PlanEndRemindersRepository,
    PlanEndReminders,
  ],
})
export class AppModule {}
