import { Injectable } from '@nestjs/common';
import { type Entitlement, type SubscriptionStatus } from '@chitram/contracts';
import { PlansService } from '../plans/plans.service';
import { SubscriptionsRepository } from './subscriptions.repository';

/** What a viewer holds now (SPEC §7 subscription-status; DECISIONS D17, D20, D21, D24). */
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

  /** What the viewer may do right now: nothing without a running plan. */
  async entitlement(viewerId: string): Promise<Entitlement> {
    const status = await this.status(viewerId);
    if (!status.activeSubscription)
      return { viewerId, ...status, devices: [], maxResolution: 0, maxStreams: 0 };
    const plan = await this.plans.get(status.activeSubscription.planKey);
    return {
      viewerId,
      ...status,
      devices: [...plan.devices],
      maxResolution: plan.maxResolution,
      maxStreams: plan.maxStreams,
    };
  }
}
