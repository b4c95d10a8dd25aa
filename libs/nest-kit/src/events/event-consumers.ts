import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  Optional,
} from '@nestjs/common';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import type { NatsConnection } from 'nats';
import { DataSource, type EntityManager } from 'typeorm';
import { decoratedMethods } from '../decorated-methods';
import { EnvelopeConsumers } from '../jetstream/envelope-consumers';
import { LOGGER, type Logger } from '../logging';
import { RejectedMessages } from '../rejected-messages';
import { CONFIG, NATS_CONNECTION } from '../tokens';
import { type EventEnvelope, readEventEnvelope } from './envelope';
import { EVENT_HANDLER, type EventHandlerMeta } from './event-handler';
import { firstDelivery } from './inbox';
import { busSubject, type EventBusSettings } from './settings';
import { ensureEventStream } from './stream';

type HandlerFn = (event: EventEnvelope, manager: EntityManager) => Promise<void>;

/**
 * Finds every @EventHandler at start, gives each a durable pull consumer, and feeds it until shutdown:
 * each event in a transaction with its inbox row, so a redelivered one is acknowledged and ignored.
 */
@Injectable()
export class EventConsumers implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly consumers: EnvelopeConsumers;

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly dataSource: DataSource,
    @Inject(NATS_CONNECTION) private readonly connection: NatsConnection,
    @Inject(CONFIG) private readonly settings: EventBusSettings,
    @Inject(LOGGER) private readonly logger: Logger,
    @Optional() rejections?: RejectedMessages,
  ) {
    this.consumers = new EnvelopeConsumers(connection, logger, rejections);
  }

  async onApplicationBootstrap(): Promise<void> {
    const handlers = decoratedMethods<EventHandlerMeta, HandlerFn>(
      this.discovery,
      this.scanner,
      EVENT_HANDLER,
    );
    if (!handlers.length) return;
    await ensureEventStream(this.connection, this.settings);
    for (const { meta, method } of handlers) await this.start(meta, method);
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.consumers.stop();
  }

  private async start(meta: EventHandlerMeta, handle: HandlerFn): Promise<void> {
    const names = { consumer: meta.durable };
    await this.consumers.start(
      {
        stream: this.settings.EVENTS_STREAM,
        durable: meta.durable,
        filterSubject: busSubject(this.settings, meta.subject),
        ackWaitMs: 30_000,
        maxMessages: 16,
      },
      {
        kind: 'event',
        names,
        read: (data) => readEventEnvelope(data, meta.subject),
        work: async (event) => {
          const handled = await this.dataSource.transaction(async (manager) => {
            if (!(await firstDelivery(manager, event.id, meta.durable))) return false;
            await handle(event, manager);
            return true;
          });
          this.logger.info(
            { ...names, eventId: event.id, subject: event.subject, duplicate: !handled },
            handled ? 'event handled' : 'event already handled; ignored',
          );
        },
      },
    );
    this.logger.info({ ...names, subject: meta.subject }, 'consuming events');
  }
}
