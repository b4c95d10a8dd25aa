import { Inject, Injectable } from '@nestjs/common';
import {
  AnalyticsMessages,
  Subjects,
  type AdminActor,
  type AdminAnalytics,
  type AdminAnalyticsAnswer,
  type AdminAnalyticsRebuildAnswer,
  type AnalyticsPeriodView,
  type AnalyticsQuery,
  type AnalyticsRebuildStatus,
} from '@chitram/contracts';
import { LOGGER, type Logger, RpcClient } from '@chitram/nest-kit';
import { periodOf } from './analytics-period';
import { fileAdminAction } from './audit-records';
import { InFlight } from './in-flight';
import { ADMIN_PART_TIMEOUT_MS, partOf } from './service-part';

/**
 * Analytics (DECISIONS D12): the catalogue's plays and watch time, the users service's sign-ups and
 * billing's revenue and subscriptions, each from its per-day aggregates, asked together; a service that
 * does not answer in time leaves its series unavailable and the rest still shows. Admins who ask the
 * same question while it is being answered share the answer.
 */
@Injectable()
export class AdminAnalyticsService {
  private readonly inFlight = new InFlight<AdminAnalyticsAnswer>();

  constructor(
    private readonly rpc: RpcClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  gather(query: AnalyticsQuery): Promise<AdminAnalyticsAnswer> {
    const period = periodOf(query);
    const filters = { language: query.language ?? null, plan: query.plan ?? null };
    const key = [period.from, period.to, filters.language, filters.plan].join(' ');
    return this.inFlight.share(key, () => this.ask(query, period, filters));
  }

  private async ask(
    query: AnalyticsQuery,
    period: AnalyticsPeriodView,
    filters: AdminAnalytics['filters'],
  ): Promise<AdminAnalyticsAnswer> {
    const options = { timeoutMs: ADMIN_PART_TIMEOUT_MS };
    const [viewing, signUps, billing] = await Promise.all([
      partOf(
        'catalog',
        this.rpc.call(
          Subjects.catalog.analytics.viewing,
          { ...period, language: query.language, plan: query.plan },
          options,
        ),
        this.logger,
      ),
      partOf('users', this.rpc.call(Subjects.users.analytics.signUps, period, options), this.logger),
      partOf('billing', this.rpc.call(Subjects.billing.analytics.daily, period, options), this.logger),
    ]);
    const data: AdminAnalytics = { period, filters, viewing, signUps, billing, at: new Date().toISOString() };
    const parts = { catalog: viewing, users: signUps, billing };
    const missing = Object.entries(parts)
      .filter(([, part]) => !part.available)
      .map(([name]) => name);
    return {
      data,
      success: true,
      message: missing.length ? AnalyticsMessages.someUnavailable(missing) : AnalyticsMessages.loaded,
    };
  }

  /** Asks every service to rebuild its aggregates from its facts (a job each); answers the jobs. */
  async rebuild(actor: AdminActor): Promise<AdminAnalyticsRebuildAnswer> {
    const answer = await this.rebuildParts(
      AnalyticsMessages.rebuildRequested,
      async ({ start }, options) => ({
        job: await this.rpc.call(start, { actor }, options),
      }),
    );
    await fileAdminAction(this.rpc, this.logger, {
      actor,
      action: 'rebuild-requested',
      entity: { type: 'analytics', id: null, label: 'Per-day aggregates' },
      changes: [],
      note: rebuildNote(answer.data),
    });
    return answer;
  }

  /** Every service's latest rebuild job. */
  rebuildStatus(): Promise<AdminAnalyticsRebuildAnswer> {
    return this.rebuildParts(AnalyticsMessages.rebuildStatus, ({ status }, options) =>
      this.rpc.call(status, {}, options),
    );
  }

  private async rebuildParts(
    message: string,
    ask: (
      subjects: (typeof REBUILDS)[keyof typeof REBUILDS],
      options: { timeoutMs: number },
    ) => Promise<AnalyticsRebuildStatus>,
  ): Promise<AdminAnalyticsRebuildAnswer> {
    const options = { timeoutMs: ADMIN_PART_TIMEOUT_MS };
    const part = (service: keyof typeof REBUILDS) =>
      partOf(service, ask(REBUILDS[service], options), this.logger);
    const [users, billing, catalog] = await Promise.all([part('users'), part('billing'), part('catalog')]);
    const data = { users, billing, catalog };
    const missing = Object.entries(data)
      .filter(([, answer]) => !answer.available)
      .map(([service]) => service);
    return {
      data,
      success: true,
      message: missing.length ? AnalyticsMessages.someUnavailable(missing) : message,
    };
  }
}

/** What the trail says of a rebuild asked for: each service's job and its state, or that it did not answer. */
export function rebuildNote(parts: AdminAnalyticsRebuildAnswer['data']): string {
  return Object.entries(parts)
    .map(([service, part]) => {
      if (!part.available) return `${service}: did not answer`;
      return part.job ? `${service}: job ${part.job.id}, ${part.job.state}` : `${service}: no job`;
    })
    .join('; ');
}

/** The services that keep analytics aggregates: how each starts a rebuild, and tells how it goes. */
const REBUILDS = {
  users: { start: Subjects.users.analytics.rebuild, status: Subjects.users.analytics.rebuildStatus },
  billing: { start: Subjects.billing.analytics.rebuild, status: Subjects.billing.analytics.rebuildStatus },
  catalog: { start: Subjects.catalog.analytics.rebuild, status: Subjects.catalog.analytics.rebuildStatus },
} as const;
