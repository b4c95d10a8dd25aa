import { Inject, Injectable } from '@nestjs/common';
import {
  AnalyticsMessages,
  Subjects,
  type AdminAnalytics,
  type AdminAnalyticsAnswer,
  type AnalyticsQuery,
} from '@chitram/contracts';
import { LOGGER, type Logger, RpcClient } from '@chitram/nest-kit';
import { periodOf } from './analytics-period';
import { ADMIN_PART_TIMEOUT_MS, partOf } from './service-part';

/**
 * Analytics (DECISIONS D12): the catalogue's plays and watch time, the users service's sign-ups and
 * billing's revenue and subscriptions, each from its per-day aggregates, asked together; a service that
 * does not answer in time leaves its series unavailable and the rest still shows.
 */
@Injectable()
export class AdminAnalyticsService {
  constructor(
    private readonly rpc: RpcClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async gather(query: AnalyticsQuery): Promise<AdminAnalyticsAnswer> {
    const period = periodOf(query);
    const filters = { language: query.language ?? null, plan: query.plan ?? null };
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
}
