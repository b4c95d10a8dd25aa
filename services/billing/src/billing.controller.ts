import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  CreateOrderRequest,
  SetBillingAccountRequest,
  PaymentsPageRequest,
  RazorpayWebhookRequest,
  ReceiptRequest,
  SandboxOrderRequest,
  Subjects,
  VerifyPaymentRequest,
  ViewerRef,
} from '@chitram/contracts';
import { BillingAccountsService } from './accounts/billing-accounts.service';
import { CheckoutService } from './orders/checkout.service';
import { PaymentsRepository } from './payments/payments.repository';
import { SandboxCheckoutService } from './payments/sandbox-checkout.service';
import { WebhooksService } from './payments/webhooks.service';
import { PlansService } from './plans/plans.service';
import { ReceiptsService } from './receipts/receipts.service';
import { SubscriptionsService } from './subscriptions/subscriptions.service';
import { Handles } from '@chitram/nest-kit';

const billing = Subjects.billing;

/** Billing's NATS subjects, one line each (payloads and answers: libs/contracts/src/billing.ts). */
@Controller()
export class BillingController {
  constructor(
    private readonly plans: PlansService,
    private readonly checkout: CheckoutService,
    private readonly webhooks: WebhooksService,
    private readonly subscriptions: SubscriptionsService,
    private readonly payments: PaymentsRepository,
    private readonly receipts: ReceiptsService,
    private readonly sandbox: SandboxCheckoutService,
    private readonly accounts: BillingAccountsService,
  ) {}

  @Handles(billing.listPlans)
  listPlans() {
    return this.plans.listJson();
  }

  @Handles(billing.createOrder)
  createOrder(@Payload() body: CreateOrderRequest) {
    return this.checkout.createOrder(body);
  }

  @Handles(billing.quotes)
  quotes(@Payload() body: ViewerRef) {
    return this.checkout.quotes(body.viewerId);
  }

  @Handles(billing.account)
  account(@Payload() body: ViewerRef) {
    return this.accounts.get(body.viewerId);
  }

  @Handles(billing.setAccount)
  setAccount(@Payload() body: SetBillingAccountRequest) {
    return this.accounts.set(body.viewerId, body.stateCode);
  }

  @Handles(billing.verifyPayment)
  verifyPayment(@Payload() body: VerifyPaymentRequest) {
    return this.checkout.verify(body);
  }

  @Handles(billing.webhook)
  webhook(@Payload() body: RazorpayWebhookRequest) {
    return this.webhooks.receive(body);
  }

  @Handles(billing.entitlement)
  entitlement(@Payload() body: ViewerRef) {
    return this.subscriptions.entitlement(body.viewerId);
  }

  @Handles(billing.payments)
  paymentHistory(@Payload() body: PaymentsPageRequest) {
    return this.payments.history(body.viewerId, body.limit ?? 50);
  }

  @Handles(billing.receipt)
  receipt(@Payload() body: ReceiptRequest) {
    return this.receipts.get(body.viewerId, body.receiptId);
  }

  @Handles(billing.receiptPdf)
  receiptPdf(@Payload() body: ReceiptRequest) {
    return this.receipts.pdf(body.viewerId, body.receiptId);
  }

  @Handles(billing.sandboxPay)
  sandboxPay(@Payload() body: SandboxOrderRequest) {
    return this.sandbox.pay(body);
  }

  @Handles(billing.sandboxFail)
  sandboxFail(@Payload() body: SandboxOrderRequest) {
    return this.sandbox.fail(body);
  }
}
