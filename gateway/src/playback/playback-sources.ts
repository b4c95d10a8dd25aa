import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { Subjects, type PlaybackSource, type PlaybackSourceRequest } from '@chitram/contracts';
import { NATS_CONNECTION, RpcClient, ShortCache } from '@chitram/nest-kit';
import type { NatsConnection } from 'nats';
import { watchNats } from './nats-invalidation';

/** A title's playback source is kept this long at most (an announcement may be missed). */
export const PLAYBACK_SOURCE_TTL_MS = 5000;

/**
 * What to play for a title (the catalog's PlaybackSource), kept for a few seconds for the stream
 * grants. Every gateway instance forgets all of them when the catalog announces a change
 * (Subjects.catalog.changed: any admin write, and a title's video changing state), and when its NATS
 * connection comes back from a break.
 */
@Injectable()
export class PlaybackSources implements OnModuleInit, OnModuleDestroy {
  private readonly cache = new ShortCache<PlaybackSource>(PLAYBACK_SOURCE_TTL_MS);
  private stop?: () => void;

  constructor(
    private readonly rpc: RpcClient,
    @Inject(NATS_CONNECTION) private readonly nats: NatsConnection,
  ) {}

  onModuleInit(): void {
    const clear = () => this.cache.clear();
    this.stop = watchNats(this.nats, { [Subjects.catalog.changed]: clear }, clear);
  }

  onModuleDestroy(): void {
    this.stop?.();
  }

  of(request: PlaybackSourceRequest): Promise<PlaybackSource> {
    return this.cache.get(`${request.kind} ${request.idOrSlug}`, () =>
      this.rpc.call(Subjects.catalog.playbackSource, request),
    );
  }
}
