import { Inject, Injectable } from '@nestjs/common';
import {
  AUTOMATIC_REFUND_REASON,
  DomainError,
  ErrorCode,
  type RefundOrigin,
  type RefundPaymentRequest,
  type RefundView,
} from '@chitram/contracts';
import { LOGGER, type Logger, Outbox, recordAdminAction } from '@chitram/nest-kit';
import type { EntityManager } from 'typeorm';
import { CreditNotesService } from '../credit-notes/credit-notes.service';
import { PaymentProvider, type ProviderRefund } from '../providers/payment-provider';
import { SubscriptionsRepository } from '../subscriptions/subscriptions.repository';
import { checkRefundAmount, refundableOf, secondsToTakeBack, shortenPlan } from './refund-rules';
import { type PaymentToRefund, RefundsRepository, type StoredRefund } from './refunds.repository';

/**
 * Refunds (DECISIONS D39): a refund holds its amount of the payment first (so two at once never give back
 * more than was paid), then asks the provider; when the provider says it is processed (at once, or by a
 * `refund.processed` webhook, any number of times) the refund is recorded once, with its credit note and
 * the plan time it takes back, in one transaction. A refund the provider refuses or fails gives its
 * amount back to what is refundable.
 */
@Injectable()
export class RefundsService {
  constructor(
    private readonly outbox: Outbox,
    private readonly refunds: RefundsRepository,
    private readonly subscriptions: SubscriptionsRepository,
    private readonly creditNotes: CreditNotesService,
    private readonly provider: PaymentProvider,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Finance refunds a payment, in full or in part, with a reason. */
  async refund(request: RefundPaymentRequest): Promise<RefundView> {
    const { refund, payment } = await this.outbox.transaction(async (manager, emit) => {
      const payment = await this.refunds.lockPayment(manager, request.paymentId);
      if (!payment) throw new DomainError(ErrorCode.NOT_FOUND, 'There is no such payment.');
      checkRefundAmount(payment, request.amount);
      const held = await this.hold(
        manager,
        payment,
        request.amount,
        request.reason,
        'admin',
        request.actor.adminId,
      );
      // The trail has the refund finance asked for, with the write that holds its amount (issue 26).
      await recordAdminAction(emit, request.actor, {
        action: 'refunded',
        entity: { type: 'payment', id: payment.id, label: payment.providerPaymentId },
        after: { refundId: held.refund.id, amount: request.amount, reason: request.reason },
      });
      return held;
    });
    await this.ask(refund, payment);
    return this.refunds.view(refund.id);
  }

  /**
   * Refunds the next payment owed back (D18, D38: it bought nothing), in full; false when none is left.
   * Two instances at once each claim a different payment, never the same one.
   */
  async refundNextDue(): Promise<boolean> {
    const claimed = await this.outbox.transaction(async (manager) => {
      const payment = await this.refunds.claimDue(manager);
      if (!payment) return null;
      return this.hold(manager, payment, refundableOf(payment), AUTOMATIC_REFUND_REASON, 'automatic', null);
    });
    if (!claimed) return false;
    try {
      await this.ask(claimed.refund, claimed.payment);
    } catch (error) {
      // Recorded as failed by ask(); tried again at a later run, up to the repository's limit.
      this.logger.warn({ err: error, paymentId: claimed.payment.id }, 'automatic refund failed');
    }
    return true;
  }

  /** What the provider's `refund.processed` / `refund.failed` webhook says; a repeat changes nothing. */
  async settled(providerRefund: ProviderRefund): Promise<boolean> {
    if (providerRefund.status === 'processed') return this.processed(providerRefund);
    if (providerRefund.status === 'failed')
      return this.failed(
        { providerRefundId: providerRefund.id, id: providerRefund.notes.refund_id },
        'The provider could not process the refund.',
      );
    return false;
  }

  private async hold(
    manager: EntityManager,
    payment: PaymentToRefund,
    amount: number,
    reason: string,
    origin: RefundOrigin,
    requestedBy: string | null,
  ): Promise<{ refund: StoredRefund; payment: PaymentToRefund }> {
    await this.refunds.hold(manager, payment.id, amount);
    const refund = await this.refunds.insert(manager, {
      paymentId: payment.id,
      amount,
      reason,
      origin,
      requestedBy,
    });
    return { refund, payment };
  }

  /** Asks the provider; a refusal or an outage ends the refund as failed, and the caller hears why. */
  private async ask(refund: StoredRefund, payment: PaymentToRefund): Promise<void> {
    let answer: ProviderRefund;
    try {
      answer = await this.provider.refund(payment.providerPaymentId, refund.amount, { refund_id: refund.id });
    } catch (error) {
      await this.failed(
        { id: refund.id },
        error instanceof DomainError ? error.message : 'The provider did not answer.',
      );
      throw error;
    }
    await this.refunds.setProviderId(refund.id, answer.id);
    this.logger.info(
      { refundId: refund.id, providerRefundId: answer.id, status: answer.status, origin: refund.origin },
      'refund asked of the provider',
    );
    if (answer.status === 'processed') await this.processed({ ...answer, notes: { refund_id: refund.id } });
    else if (answer.status === 'failed')
      await this.failed({ id: refund.id }, 'The provider could not process the refund.');
  }

  /** Records a processed refund once: its credit note, and the plan time it takes back. */
  private async processed(providerRefund: ProviderRefund): Promise<boolean> {
    return this.outbox.transaction(async (manager) => {
      const refund = await this.refunds.lock(manager, {
        id: providerRefund.notes.refund_id,
        providerRefundId: providerRefund.id,
      });
      if (!refund) {
        this.logger.warn(
          { providerRefundId: providerRefund.id },
          'a processed refund billing did not ask for',
        );
        return false;
      }
      if (refund.status !== 'pending') {
        if (refund.status === 'failed')
          this.logger.error(
            { refundId: refund.id },
            'the provider processed a refund billing had recorded as failed',
          );
        return false;
      }
      const before = await this.refunds.processedOf(manager, refund.paymentId);
      const receiptId = await this.refunds.receiptOf(manager, refund.paymentId);
      const note = receiptId
        ? await this.creditNotes.issue(manager, { receiptId, amount: refund.amount, reason: refund.reason })
        : null;
      const taken = await this.takeBackPlanTime(manager, refund, before);
      await this.refunds.markProcessed(manager, refund.id, providerRefund.id, note?.id ?? null, taken);
      this.logger.info(
        { refundId: refund.id, amount: refund.amount, creditNote: note?.number ?? null, takenSeconds: taken },
        'refund processed',
      );
      return true;
    });
  }

  private async takeBackPlanTime(
    manager: EntityManager,
    refund: StoredRefund,
    before: { refunded: number; taken: number },
  ): Promise<number> {
    const period = await this.refunds.periodOf(manager, refund.paymentId);
    if (!period) return 0; // it bought nothing: a payment owed back, or an account since deleted
    await this.subscriptions.lockViewer(manager, period.viewerId);
    const plan = await this.refunds.planTimes(manager, period.viewerId);
    if (!plan) return 0;
    const payment = await this.refunds.lockPayment(manager, refund.paymentId);
    const seconds = secondsToTakeBack({
      periodSeconds: period.seconds,
      paymentAmount: payment!.amount,
      refundAmount: refund.amount,
      refundedBefore: before.refunded,
      takenBefore: before.taken,
    });
    const next = shortenPlan(plan, seconds, period.queued, new Date());
    await this.refunds.setPlanTimes(manager, period.viewerId, next);
    return next.takenSeconds;
  }

  private async failed(by: { id?: string; providerRefundId?: string }, reason: string): Promise<boolean> {
    return this.outbox.transaction(async (manager) => {
      const refund = await this.refunds.lock(manager, by);
      if (!refund || refund.status !== 'pending') return false;
      await this.refunds.markFailed(manager, refund, reason);
      this.logger.warn({ refundId: refund.id, reason }, 'refund failed');
      return true;
    });
  }
}
