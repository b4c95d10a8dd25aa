import { type DynamicModule, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { EventConsumers } from './event-consumers';
import { OutboxRelay } from './outbox-relay';
import { Outbox } from './outbox-writer';

/** Events for a service: the Outbox to write them, the relay that publishes them, and its @EventHandler consumers. */
@Module({})
export class EventsModule {
  static forService(): DynamicModule {
    return {
      module: EventsModule,
      imports: [DiscoveryModule],
      providers: [OutboxRelay, Outbox, EventConsumers],
      exports: [Outbox, OutboxRelay],
    };
  }
}
