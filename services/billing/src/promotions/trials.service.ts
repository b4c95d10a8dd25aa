import { createHmac, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  DomainError,
  ErrorCode,
  Events,
  Subjects,
  type SubscriptionChanged,
  type SubscriptionStatus,
  type TrialOffer,
} from '@chitram/contracts';
import { LOGGER, type Logger, Outbox, RpcClient } from '@chitram/nest-kit';
import { BillingConfig } from '../config';
import { PlansService } from '../plans/plans.service';
import { SubscriptionsRepository } from '../subscriptions/subscriptions.repository';
import { SubscriptionsService } from '../subscriptions/subscriptions.service';
import { DAY_MS } from '../subscriptions/upgrade-rules';
import { TrialsRepository } from './trials.repository';

function trialNotAvailable(): DomainError {
  return new DomainError(
    ErrorCode.TRIAL_NOT_AVAILABLE,
    'The free trial is for a number that never had one, while no plan runs.',
  );
}

/**
 * The free trial (D33): the configured plan (Basic) for the configured days (7), once per phone number
 * ever, with no payment; it is held as the viewer's plan with its end date and ends like any plan.
 */
@Injectable()
export class TrialsService {
  constructor(
    private readonly config: BillingConfig,
    private readonly outbox: Outbox,
    private readonly trials: TrialsRepository,
    private readonly subscriptions: SubscriptionsRepository,
    private readonly status: SubscriptionsService,
    private readonly plans: PlansService,
    private readonly rpc: RpcClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** The number as trials keep it: an HMAC, so the table gives no number away. */
  private phoneHash(phoneNumber: string): string {
    return createHmac('sha256', this.config.TRIAL_HASH_SECRET).update(phoneNumber).digest('base64url');
  }

  async offer(viewerId: string): Promise<TrialOffer> {
    const planKey = this.config.TRIAL_PLAN;
    if (planKey === 'none') return { planKey: null, planName: null, days: 0, eligible: false };
    const [plan, viewer, active] = await Promise.all([
      this.plans.get(planKey),
      this.rpc.call(Subjects.users.getViewer, { id: viewerId }),
      this.subscriptions.active(viewerId),
    ]);
    const granted = await this.outbox.transaction((manager) =>
      this.trials.granted(manager, this.phoneHash(viewer.phoneNumber)),
    );
    return { planKey, planName: plan.plan, days: this.config.TRIAL_DAYS, eligible: !granted && !active };
  }

  /** Starts the number's one trial now; TRIAL_NOT_AVAILABLE when it had one or a plan runs. */
  async start(viewerId: string): Promise<SubscriptionStatus> {
    const planKey = this.config.TRIAL_PLAN;
    if (planKey === 'none') throw trialNotAvailable();
    const plan = await this.plans.get(planKey);
    const viewer = await this.rpc.call(Subjects.users.getViewer, { id: viewerId });
    await this.outbox.transaction(async (manager, emit) => {
      await this.subscriptions.lockViewer(manager, viewerId);
      const now = new Date();
      const current = await this.subscriptions.current(manager, viewerId);
      if (current && current.validTill > now) throw trialNotAvailable();
      const validTill = new Date(now.getTime() + this.config.TRIAL_DAYS * DAY_MS);
      const phoneHash = this.phoneHash(viewer.phoneNumber);
      const granted = await this.trials.grant(manager, {
        phoneHash,
        planKey,
        days: this.config.TRIAL_DAYS,
        validFrom: now,
        validTill,
      });
      if (!granted) throw trialNotAvailable();
      await this.trials.holdAsPlan(manager, viewerId, planKey, now, validTill);
      const started: SubscriptionChanged = {
        viewerId,
        change: 'activated',
        planKey: plan.planKey,
        previousPlanKey: null,
        // No payment: the period is named as a trial's, for those who keep periods by payment.
        paymentId: `trial_${randomUUID()}`,
        validFrom: now.toISOString(),
        validTill: validTill.toISOString(),
        amount: 0,
      };
      await emit(Events.subscriptionActivated, started);
    });
    this.logger.info({ viewerId, planKey }, 'free trial started');
    return this.status.status(viewerId);
  }
}
