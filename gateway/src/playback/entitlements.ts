import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import {
  deletedViewerId,
  Events,
  Subjects,
  type Entitlement,
  type EventSubject,
  type ReadPayloadOf,
} from '@chitram/contracts';
import { busSubject, NATS_CONNECTION, RpcClient, ShortCache, type EventOf } from '@chitram/nest-kit';
import { JSONCodec, type NatsConnection } from 'nats';
import { GatewayConfig } from '../config';
import { watchNats } from './nats-invalidation';

/** A viewer's plan is kept this long at most (an event may be missed). */
export const ENTITLEMENT_TTL_MS = 5000;

/** An event after which what billing said of a viewer no longer holds, and where it names the viewer. */
interface ChangeOfAViewer {
  event: string;
  viewerOf: (payload: unknown) => string;
}

function changeOfAViewer<E extends EventSubject<unknown, unknown>>(
  event: E,
  viewerOf: (payload: ReadPayloadOf<E>) => string,
): ChangeOfAViewer {
  return { event, viewerOf: viewerOf as (payload: unknown) => string };
}

const CHANGES_OF_A_VIEWER = [
  changeOfAViewer(Events.subscriptionActivated, (change) => change.viewerId),
  changeOfAViewer(Events.subscriptionExtended, (change) => change.viewerId),
  changeOfAViewer(Events.subscriptionReplaced, (change) => change.viewerId),
  changeOfAViewer(Events.subscriptionExpired, (expiry) => expiry.viewerId),
  // A deletion written before issue 21 names the viewer `userId`: deletedViewerId reads both.
  changeOfAViewer(Events.userDeleted, deletedViewerId),
];

const codec = JSONCodec<EventOf<unknown>>();

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
    // What cannot be read (no payload, no viewer) may concern anyone: everyone's plan is asked again.
    const forgetViewer = (viewerOf: ChangeOfAViewer['viewerOf']) => (data: Uint8Array) => {
      try {
        const viewerId = viewerOf(codec.decode(data).payload);
        if (typeof viewerId === 'string') this.cache.forget(viewerId);
        else this.cache.clear();
      } catch {
        this.cache.clear();
      }
    };
    this.stop = watchNats(
      this.nats,
      Object.fromEntries(
        CHANGES_OF_A_VIEWER.map(({ event, viewerOf }) => [
          busSubject(this.config, event),
          forgetViewer(viewerOf),
        ]),
      ),
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
