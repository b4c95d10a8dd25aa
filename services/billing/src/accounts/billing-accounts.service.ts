import { Injectable } from '@nestjs/common';
import { type BillingAccountView, Subjects } from '@chitram/contracts';
import { RpcClient } from '@chitram/nest-kit';
import { SubscriptionsRepository } from '../subscriptions/subscriptions.repository';
import { BillingAccountsRepository } from './billing-accounts.repository';

/**
 * The viewer's billing account: the state for invoices (D32), asked at the first checkout and
 * changeable on the profile, and a plan queued to start when the one held ends (D38).
 */
@Injectable()
export class BillingAccountsService {
  constructor(
    private readonly accounts: BillingAccountsRepository,
    private readonly rpc: RpcClient,
    private readonly subscriptions: SubscriptionsRepository,
  ) {}

  async get(viewerId: string): Promise<BillingAccountView> {
    const [stateCode, queued] = await Promise.all([
      this.accounts.stateOf(viewerId),
      this.subscriptions.queued(viewerId),
    ]);
    return {
      stateCode,
      queued: queued && {
        planKey: queued.planKey,
        planName: queued.planName,
        validFrom: queued.validFrom.toISOString(),
        validTill: queued.validTill.toISOString(),
      },
    };
  }

  /** Sets the state of a viewer who exists (an unknown one is NOT_FOUND, as at checkout). */
  async set(viewerId: string, stateCode: string): Promise<BillingAccountView> {
    await this.rpc.call(Subjects.users.getViewer, { id: viewerId });
    await this.accounts.setState(viewerId, stateCode);
    return this.get(viewerId);
  }
}
