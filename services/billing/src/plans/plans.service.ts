import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { DomainError, ErrorCode, PLANS, type StoredPlan } from '@chitram/contracts';
import { PlansRepository } from './plans.repository';

/**
 * The four plans (SPEC §3, D17, D20, D21, D24), stored in billing's database and priced there (D16).
 * The contracts' plan table is the source: the database follows it at every start, and this instance
 * keeps what it wrote, since plans change only with a release (the entitlement check on the playback
 * path then costs no query for the plan).
 */
@Injectable()
export class PlansService implements OnApplicationBootstrap {
  private byKey = new Map<string, StoredPlan>();

  constructor(private readonly plans: PlansRepository) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.plans.upsert(PLANS);
    await this.reload();
  }

  async list(): Promise<StoredPlan[]> {
    if (!this.byKey.size) await this.reload();
    return [...this.byKey.values()];
  }

  async get(planKey: string): Promise<StoredPlan> {
    if (!this.byKey.size) await this.reload();
    const plan = this.byKey.get(planKey);
    if (!plan) throw new DomainError(ErrorCode.NOT_FOUND, `There is no plan "${planKey}".`);
    return plan;
  }

  private async reload(): Promise<void> {
    this.byKey = new Map((await this.plans.all()).map((plan) => [plan.planKey, plan]));
  }
}
