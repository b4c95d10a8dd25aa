import { Injectable } from '@nestjs/common';
import type { Entitlement, SubscriptionStatus } from '@chitram/contracts';
import type { EntityManager } from 'typeorm';
import { PlansService } from '../plans/plans.service';
import type { CurrentPlan } from './subscription-rules';
import { SubscriptionsRepository } from './subscriptions.repository';
import type { PlanPrice } from './upgrade-rules';

/** What a viewer holds now (SPEC §7 subscription-status; DECISIONS D17, D20, D21, D24, D43). */
@Injectable()
export class SubscriptionsService {
  constructor(
    private readonly subscriptions: SubscriptionsRepository,
    private readonly plans: PlansService,
  ) {}

  async status(viewerId: string): Promise<SubscriptionStatus> {
    const active = await this.subscriptions.active(viewerId);
    return active
      ? {
          isSubscribed: true,
          activeSubscription: {
            planKey: active.planKey,
            planName: active.planName,
            validTill: active.validTill.toISOString(),
          },
        }
      : { isSubscribed: false, activeSubscription: null };
  }

  /**
   * What the viewer may do right now: nothing without a running plan; with one, what it was sold with
   * (D43: a later change of the plan's terms does not reach a period bought before it), or for a free
   * trial the plan's terms of the day.
   */
  async entitlement(viewerId: string): Promise<Entitlement> {
    const status = await this.status(viewerId);
    if (!status.activeSubscription)
      return { viewerId, ...status, devices: [], maxResolution: 0, maxStreams: 0 };
    const now = new Date();
    const { planKey } = status.activeSubscription;
    const terms =
      (await this.subscriptions.soldTerms(viewerId, planKey, now)) ?? (await this.plans.get(planKey, now));
    return {
      viewerId,
      ...status,
      devices: [...terms.devices],
      maxResolution: terms.maxResolution,
      maxStreams: terms.maxStreams,
    };
  }

  /**
   * The price and validity of the plan running, for an upgrade's credit (D38): as the viewer bought it
   * (D43), or the plan's of the day when nothing was paid for it.
   */
  async heldPrice(
    viewerId: string,
    running: CurrentPlan | null,
    now: Date,
    manager?: EntityManager,
  ): Promise<PlanPrice | null> {
    if (!running) return null;
    const sold = await this.subscriptions.soldTerms(viewerId, running.planKey, now, manager);
    const terms = sold ?? (await this.plans.get(running.planKey, now));
    return { planKey: running.planKey, amount: terms.amount, validityMonths: terms.validityMonths };
  }
}
