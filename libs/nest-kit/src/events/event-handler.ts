import type { EventSubject } from '@chitram/contracts';
import type { EntityManager } from 'typeorm';
import type { EventEnvelope } from './envelope';

export const EVENT_HANDLER = Symbol('EVENT_HANDLER');

export interface EventHandlerOptions {
  /** The durable consumer's name: stable, unique per purpose (`auth-revoke-deleted-user`). */
  durable: string;
}

export interface EventHandlerMeta extends EventHandlerOptions {
  subject: string;
}

/**
 * A method that can handle an event whose readers receive `Read`: it takes the envelope (and the
 * transaction's manager). A function type, as HandlerOf's, so the envelope is checked one way: every
 * payload the event may carry must be one the handler accepts.
 */
export type EventHandlerOf<Read> = (
  event: EventEnvelope<Read>,
  manager: EntityManager,
) => Promise<void> | void;

/**
 * Marks a provider method as the handler of one event, declared with its payload (`event<Payload>()` in
 * libs/contracts); a method whose envelope disagrees with the declaration fails to compile. It runs in a
 * transaction together with the inbox row, receives the envelope and the transaction's manager, and
 * must be idempotent apart from that (work outside the database, such as Redis, must be safe to
 * repeat). Throwing redelivers the event later, unless what it throws says the event itself is unusable
 * (isUnusableMessageError): then it is terminated and counted, as an event that cannot be read at all is.
 *
 *     @EventHandler(Events.userDeleted, { durable: 'auth-revoke-deleted-user' })
 *     async revoke(event: EventOf<typeof Events.userDeleted>, manager: EntityManager) { ... }
 */
export function EventHandler<Payload, Read>(
  subject: EventSubject<Payload, Read>,
  options: EventHandlerOptions,
) {
  return <Method extends EventHandlerOf<Read>>(
    _target: object,
    _key: string | symbol,
    descriptor: TypedPropertyDescriptor<Method>,
  ): void => {
    Reflect.defineMetadata(
      EVENT_HANDLER,
      { ...options, subject } satisfies EventHandlerMeta,
      descriptor.value as object,
    );
  };
}
