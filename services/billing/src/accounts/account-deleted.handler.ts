import { Injectable } from '@nestjs/common';
import { Events, deletedViewerId } from '@chitram/contracts';
import { EventHandler, type EventOf } from '@chitram/nest-kit';
import type { EntityManager } from 'typeorm';
import { CreditNotesRepository } from '../credit-notes/credit-notes.repository';
import { OrdersRepository } from '../orders/orders.repository';
import { CouponsRepository } from '../promotions/coupons.repository';
import { PaymentsRepository } from '../payments/payments.repository';
import { ReceiptsRepository } from '../receipts/receipts.repository';
import { SubscriptionsRepository } from '../subscriptions/subscriptions.repository';
import { BillingAccountsRepository } from './billing-accounts.repository';

/**
 * DECISIONS D25: a deleted account's plan goes with it; its orders, payments and receipts stay for tax
 * records, with nothing left that names the person (viewer id and phone number cleared); the billing
 * account (the state for invoices) is deleted. The number's free trial stays, as a hash (D33).
 */
@Injectable()
export class AccountDeletedHandler {
  constructor(
    private readonly orders: OrdersRepository,
    private readonly payments: PaymentsRepository,
    private readonly receipts: ReceiptsRepository,
    private readonly subscriptions: SubscriptionsRepository,
    private readonly accounts: BillingAccountsRepository,
    private readonly creditNotes: CreditNotesRepository,
    private readonly coupons: CouponsRepository,
  ) {}

  @EventHandler(Events.userDeleted, { durable: 'billing-anonymise-deleted-user' })
  async anonymise(event: EventOf<typeof Events.userDeleted>, manager: EntityManager): Promise<void> {
    const viewerId = deletedViewerId(event.payload);
    await this.subscriptions.forget(manager, viewerId);
    await this.accounts.forget(manager, viewerId);
    await this.receipts.anonymise(manager, viewerId);
    await this.creditNotes.anonymise(manager, viewerId);
    await this.payments.anonymise(manager, viewerId);
    await this.orders.anonymise(manager, viewerId);
    await this.coupons.anonymise(manager, viewerId);
    // The number's free trial (trial_grant, an HMAC of the number) is kept on purpose (D33).
  }
}
