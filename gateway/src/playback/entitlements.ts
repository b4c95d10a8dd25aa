import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { Events, Subjects, type Entitlement } from '@chitram/contracts';
import { busSubject, NATS_CONNECTION, RpcClient } from '@chitram/nest-kit';
import { JSONCodec, type NatsConnection } from 'nats';
import { GatewayConfig } from '../config';
import { watchNats } from './nats-invalidation';
import { ShortCache } from './short-cache';

/** A viewer's plan is kept this long at most (an event may be missed). */
export const ENTITLEMENT_TTL_MS = 5000;

/** The events after which what billing said of a viewer no longer holds. */
const CHANGES_OF_A_VIEWER = [
  Events.subscriptionActivated,
  Events.subscriptionExtended,
  Events.subscriptionReplaced,
  Events.subscriptionExpired,
  Events.userDeleted,
] as const;

const codec = JSONCodec<{ payload?: { viewerId?: unknown; userId?: unknown } }>();

/**
 * What a viewer's plan allows (billing's Entitlement), kept for a few seconds for the stream grants.
 * Only a plan is kept, never its absence (a viewer who just paid plays at once), and never past the
 * plan's end. Every gateway instance forgets a viewer's on the events that change it (a plan started,
 * extended, replaced or expired; the account deleted), and everyone's when its NATS connection comes
 * back from a break.
 */
@Injectable()
export class Entitlements implements OnModuleInit, OnModuleDestroy {
  private readonly cache = new ShortCache<Entitlement>(ENTITLEMENT_TTL_MS);
  private stop?: () => void;

  constructor(
    private readonly rpc: RpcClient,
    private readonly config: GatewayConfig,
    @Inject(NATS_CONNECTION) private readonly nats: NatsConnection,
  ) {}

  onModuleInit(): void {
    const forgetViewer = (data: Uint8Array) => {
      try {
        const { payload } = codec.decode(data);
        const viewerId = payload?.viewerId ?? payload?.userId;
        if (typeof viewerId === 'string') this.cache.forget(viewerId);
        else this.cache.clear();
      } catch {
        this.cache.clear();
      }
    };
    this.stop = watchNats(
      this.nats,
      Object.fromEntries(CHANGES_OF_A_VIEWER.map((event) => [busSubject(this.config, event), forgetViewer])),
      () => this.cache.clear(),
    );
  }

  onModuleDestroy(): void {
    this.stop?.();
  }

  of(viewerId: string): Promise<Entitlement> {
    return this.cache.get(
      viewerId,
      () => this.rpc.call(Subjects.billing.entitlement, { viewerId }),
      (plan) =>
        plan.isSubscribed && plan.activeSubscription ? Date.parse(plan.activeSubscription.validTill) : 0,
    );
  }
}
