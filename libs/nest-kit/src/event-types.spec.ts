import { event } from '@chitram/contracts';
import type { NatsConnection } from 'nats';
import type { EntityManager } from 'typeorm';
import { announce, hear } from './broadcasts';
import { EventHandler, type EmitEvent, type EventEnvelope, type EventOf } from './events';

/**
 * The compiler is the test here, as in handles.spec.ts: each `@ts-expect-error` marks a writer or a
 * reader that disagrees with its event's declaration, and the typecheck stage fails if one compiles.
 */

interface TitleRemoved {
  titleId: string;
  at: string;
}
interface TitleRemovedBefore {
  id: string;
  at: string;
}

const removed = event<TitleRemoved>('chitram.events.test.title-removed.v1');
/** Renamed field: readers take the old shape as well, for a release. */
const renamed = event<TitleRemoved, TitleRemoved | TitleRemovedBefore>(
  'chitram.events.test.title-renamed.v1',
);
const announced = event<{ version: number }>('chitram.test.changed.v1');

class Handlers {
  @EventHandler(removed, { durable: 'test-removed' })
  async handles(event: EventEnvelope<TitleRemoved>, _manager: EntityManager): Promise<void> {
    await Promise.resolve(event.payload.titleId);
  }

  @EventHandler(removed, { durable: 'test-removed-short' })
  async readsLess(event: EventEnvelope<{ titleId: string }>): Promise<void> {
    await Promise.resolve(event.payload.titleId);
  }

  @EventHandler(renamed, { durable: 'test-renamed' })
  async readsBoth(event: EventOf<typeof renamed>): Promise<void> {
    await Promise.resolve('titleId' in event.payload ? event.payload.titleId : event.payload.id);
  }

  // @ts-expect-error the payload carries `titleId`, not `movieId`
  @EventHandler(removed, { durable: 'test-removed-wrong' })
  async wantsAnotherField(event: EventEnvelope<{ movieId: string }>): Promise<void> {
    await Promise.resolve(event.payload.movieId);
  }

  // @ts-expect-error events written before the rename carry `id`: the handler must read them too
  @EventHandler(renamed, { durable: 'test-renamed-new-only' })
  async readsOnlyTheNewShape(event: EventEnvelope<TitleRemoved>): Promise<void> {
    await Promise.resolve(event.payload.titleId);
  }

  // @ts-expect-error a plain string is not a declared event
  @EventHandler('chitram.events.test.title-removed.v1', { durable: 'test-plain' })
  async onAString(): Promise<void> {}
}

async function writers(emit: EmitEvent, nats: NatsConnection): Promise<void> {
  await emit(removed, { titleId: 't', at: 'now' });
  await emit(renamed, { titleId: 't', at: 'now' });
  // @ts-expect-error the payload needs `at`
  await emit(removed, { titleId: 't' });
  // @ts-expect-error the old shape is read, never written
  await emit(renamed, { id: 't', at: 'now' });
  // @ts-expect-error a plain string is not a declared event
  await emit('chitram.events.test.title-removed.v1', { titleId: 't', at: 'now' });

  announce(nats, announced, { version: 1 });
  // @ts-expect-error the version is a number
  announce(nats, announced, { version: '1' });
  hear(nats, announced, ({ version }) => version.toFixed());
  // @ts-expect-error the broadcast carries no `id`
  hear(nats, announced, ({ id }: { id: string }) => id);
}

describe('typed events', () => {
  it('are declared once and read by the compiler at both ends', () => {
    expect(Handlers).toBeDefined();
    expect(writers).toBeDefined();
  });
});
