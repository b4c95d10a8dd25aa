import { Inject, Injectable } from '@nestjs/common';
import { Subjects } from '@chitram/contracts';
import { announce, NATS_CONNECTION } from '@chitram/nest-kit';
import type { NatsConnection } from 'nats';
import { CatalogueCache } from './catalogue-cache';

/**
 * Tells every cache that the catalogue changed: bumps the version of the Redis cache, then
 * publishes Subjects.catalog.changed for the gateway's cache of whole answers. The publish is
 * flushed before the write answers, so on one NATS server the event reaches the gateway before
 * the reply does and the admin's next read is fresh.
 */
@Injectable()
export class CatalogueChanges {
  constructor(
    private readonly cache: CatalogueCache,
    @Inject(NATS_CONNECTION) private readonly nats: NatsConnection,
  ) {}

  async announce(): Promise<void> {
    const version = (await this.cache.invalidate()) ?? Date.now();
    announce(this.nats, Subjects.catalog.changed, { version });
    await this.nats.flush();
  }
}
