import { Inject, Injectable } from '@nestjs/common';
import {
  daysBetween,
  PLAN_KEYS,
  type AnalyticsPeriodRequest,
  type BillingAnalytics,
  type PeriodRevenue,
  type PlanKey,
} from '@chitram/contracts';
import {
  JobHandler,
  JobQueue,
  LOGGER,
  REBUILD_ACK_WAIT_MS,
  RebuildJobs,
  type JobContext,
  type JobEnvelope,
  type Logger,
  type RebuildJobPayload,
} from '@chitram/nest-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { PlansService } from '../plans/plans.service';
import { BillingAnalyticsRepository } from './billing-analytics.repository';
import { coverageChanges, coverageEnded } from './subscription-coverage';

/** Items grouped by a key of theirs (Map.groupBy is newer than Node 20). */
function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

const zeroPerPlan = (): Record<PlanKey, number> =>
  Object.fromEntries(PLAN_KEYS.map((key) => [key, 0])) as Record<PlanKey, number>;

export const BILLING_REBUILD_JOB = 'billing.analytics-rebuild';

/** Billing's analytics (DECISIONS D12): revenue and running subscriptions per Indian day. */
@Injectable()
export class BillingAnalyticsService {
  /** Its rebuild jobs, asked for and followed through the rebuild subjects. */
  readonly rebuilds: RebuildJobs;

  constructor(
    private readonly repository: BillingAnalyticsRepository,
    private readonly plans: PlansService,
    dataSource: DataSource,
    queue: JobQueue,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.rebuilds = new RebuildJobs(dataSource, queue, BILLING_REBUILD_JOB, logger);
  }

  async daily({ from, to }: AnalyticsPeriodRequest): Promise<BillingAnalytics> {
    const [{ revenue, before, deltas }, plans] = await Promise.all([
      this.repository.period(from, to),
      this.plans.list(),
    ]);
    const running = zeroPerPlan();
    for (const [planKey, count] of before) if (planKey in running) running[planKey as PlanKey] = count;
    const deltasByDay = groupBy(deltas, (d) => d.day);
    const revenueByDay = groupBy(revenue, (r) => r.day);
    return {
      days: daysBetween(from, to).map((day) => {
        for (const d of deltasByDay.get(day) ?? [])
          if (d.planKey in running) running[d.planKey as PlanKey] += d.delta;
        const paid = revenueByDay.get(day) ?? [];
        return {
          day,
          revenue: paid.reduce((sum, r) => sum + r.revenue, 0),
          payments: paid.reduce((sum, r) => sum + r.payments, 0),
          activeSubscriptions: { ...running },
        };
      }),
      plans: plans.map((plan) => ({ planKey: plan.planKey, planName: plan.plan })),
    };
  }

  periodRevenue({ from, to }: AnalyticsPeriodRequest): Promise<PeriodRevenue> {
    return this.repository.periodRevenue(from, to);
  }

  /** Brings the viewer's coverage in line with their periods, whatever order their events came in. */
  async recountCoverage(manager: EntityManager, viewerId: string): Promise<void> {
    await this.repository.lockForEvent(manager, viewerId);
    const desired = await this.repository.desiredCoverage(manager, viewerId);
    const stored = await this.repository.storedCoverage(manager, {
      periodIds: desired.map((c) => c.periodId),
    });
    const { writes, deltas } = coverageChanges(new Map(stored.map((c) => [c.periodId, c])), desired);
    await this.repository.writeCoverage(manager, writes, deltas);
  }

  /** DECISIONS D25: the deleted account's plans stop counting that day, and no longer name the viewer. */
  async endCoverage(manager: EntityManager, viewerId: string, day: string): Promise<void> {
    await this.repository.lockForEvent(manager, viewerId);
    const stored = await this.repository.storedCoverage(manager, { viewerId });
    const { writes, deltas } = coverageEnded(stored, day);
    await this.repository.writeCoverage(manager, writes, deltas);
  }

  @JobHandler(BILLING_REBUILD_JOB, { ackWaitMs: REBUILD_ACK_WAIT_MS })
  rebuild(job: JobEnvelope<RebuildJobPayload>, context: JobContext): Promise<void> {
    return this.rebuilds.run(job, context, {
      steps: 3,
      run: (manager, step) => this.repository.rebuild(manager, step),
    });
  }
}
