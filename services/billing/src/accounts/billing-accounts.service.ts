import { Injectable } from '@nestjs/common';
import { type BillingAccountView, Subjects } from '@chitram/contracts';
import { RpcClient } from '@chitram/nest-kit';
import { BillingAccountsRepository } from './billing-accounts.repository';

/** The viewer's state for invoices (D32): asked at the first checkout, changeable on the profile. */
@Injectable()
export class BillingAccountsService {
  constructor(
    private readonly accounts: BillingAccountsRepository,
    private readonly rpc: RpcClient,
  ) {}

  async get(viewerId: string): Promise<BillingAccountView> {
    return { stateCode: await this.accounts.stateOf(viewerId) };
  }

  /** Sets the state of a viewer who exists (an unknown one is NOT_FOUND, as at checkout). */
  async set(viewerId: string, stateCode: string): Promise<BillingAccountView> {
    await this.rpc.call(Subjects.users.getViewer, { id: viewerId });
    await this.accounts.setState(viewerId, stateCode);
    return { stateCode };
  }
}
