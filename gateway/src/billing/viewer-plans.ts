import { Global, Inject, Injectable, Module } from '@nestjs/common';
import {
  DomainError,
  ErrorCode,
  Subjects,
  type SessionPlan,
  type SubscriptionStatus,
} from '@chitram/contracts';
import { LOGGER, type Logger, REDIS, type Redis, RpcClient } from '@chitram/nest-kit';

/** How long the gateway keeps the last plan it saw for a viewer: a refresh token's life (D5). */
const SEEN_FOR_SECONDS = 30 * 24 * 3600;

interface SeenPlan extends SubscriptionStatus {
  seenAt: string;
}

/**
 * A viewer's plan as billing holds it, and what the gateway says when billing cannot answer. Each
 * answer billing gives is kept (in Redis, shared by the gateways), so a session answered while billing
 * is away carries the last plan seen, marked stale, instead of telling a paying viewer they have none.
 */
@Injectable()
export class ViewerPlans {
  constructor(
    private readonly rpc: RpcClient,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** The plan billing holds now; SERVICE_UNAVAILABLE (503) when billing cannot answer. */
  async current(viewerId: string): Promise<SubscriptionStatus> {
    const { isSubscribed, activeSubscription } = await this.rpc.call(Subjects.billing.entitlement, {
      viewerId,
    });
    const status: SubscriptionStatus = { isSubscribed, activeSubscription };
    this.remember(viewerId, status);
    return status;
  }

  /** Keeps a plan billing answered (a checkout's too), for when billing cannot answer. */
  remember(viewerId: string, status: SubscriptionStatus): void {
    const seen: SeenPlan = {
      isSubscribed: status.isSubscribed,
      activeSubscription: status.activeSubscription,
      seenAt: new Date().toISOString(),
    };
    this.redis
      .set(this.key(viewerId), JSON.stringify(seen), 'EX', SEEN_FOR_SECONDS)
      .catch((error: unknown) => {
        this.logger.warn({ err: error, viewerId }, 'could not keep the plan seen');
      });
  }

  /**
   * The plan for a session answer: billing's now, else the last one seen while it still runs (stale),
   * else unknown (isSubscribed null). A plan last seen ended, or none, is not repeated: the viewer may
   * have bought one since, and "not subscribed" would be a guess.
   */
  async forSession(viewerId: string): Promise<SessionPlan> {
    try {
      return { ...(await this.current(viewerId)), planStatus: 'current' };
    } catch (error) {
      if (!(error instanceof DomainError) || error.code !== ErrorCode.SERVICE_UNAVAILABLE) throw error;
    }
    const seen = await this.lastSeen(viewerId);
    const running =
      seen?.isSubscribed === true &&
      seen.activeSubscription !== null &&
      Date.parse(seen.activeSubscription.validTill) > Date.now();
    this.logger.warn(
      { viewerId, known: running },
      'billing unavailable; session answered with the plan last seen',
    );
    if (running)
      return {
        isSubscribed: true,
        activeSubscription: seen.activeSubscription,
        planStatus: 'stale',
        planSeenAt: seen.seenAt,
      };
    return { isSubscribed: null, activeSubscription: null, planStatus: 'unknown' };
  }

  private async lastSeen(viewerId: string): Promise<SeenPlan | undefined> {
    try {
      const text = await this.redis.get(this.key(viewerId));
      return text ? (JSON.parse(text) as SeenPlan) : undefined;
    } catch {
      return undefined; // Redis away as well: nothing known
    }
  }

  private key(viewerId: string): string {
    return `gateway:plan-seen:${viewerId}`;
  }
}

/** ViewerPlans for every route that answers a session or a plan (sign-in, account, checkout). */
@Global()
@Module({ providers: [ViewerPlans], exports: [ViewerPlans] })
export class ViewerPlansModule {}
