import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { JobHandler, JobQueue, LOGGER, type JobContext, type Logger } from '@chitram/nest-kit';
import { BillingConfig } from '../config';
import { RefundsService } from './refunds.service';

export const REFUNDS_DUE_JOB = 'billing.refunds-due';

/**
 * Payments marked refund due (a second payment on a paid order, a wrong amount, a deleted account's)
 * are refunded by billing itself (D39), at each period's job, once across all instances (ARCHITECTURE
 * rule 10): a tick is one job on the work queue, and each payment is claimed under a row lock with a
 * unique automatic refund, so two instances never refund one payment twice.
 */
@Injectable()
export class RefundsDueJob implements OnApplicationBootstrap {
  constructor(
    private readonly config: BillingConfig,
    private readonly queue: JobQueue,
    private readonly refunds: RefundsService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    this.queue.every(REFUNDS_DUE_JOB, this.config.BILLING_SWEEP_SECONDS * 1000, (error) =>
      this.logger.warn({ err: error }, 'refunds-due job not enqueued; the next period will be'),
    );
  }

  @JobHandler(REFUNDS_DUE_JOB, { ackWaitMs: 5 * 60_000 })
  async run(_job: unknown, { progress }: JobContext): Promise<void> {
    await this.refundAll(progress);
  }

  /** Refunds every payment owed back that is not refunded yet; answers how many it asked the provider about. */
  async refundAll(progress: () => void = () => undefined): Promise<number> {
    let refunded = 0;
    while (await this.refunds.refundNextDue()) {
      refunded++;
      progress();
    }
    if (refunded) this.logger.info({ refunded }, 'payments owed back refunded');
    return refunded;
  }
}
