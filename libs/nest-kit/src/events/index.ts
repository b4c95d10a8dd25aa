// Events (ARCHITECTURE rule 3), one idea a file: the bus's settings and stream, the envelope, the
// outbox writer and its relay, the inbox that de-duplicates, the @EventHandler decorator and the
// consumers that feed it (on the JetStream loop shared with jobs, ../jetstream).
export { type EventEnvelope, type EventOf } from './envelope';
export * from './event-consumers';
export { EventHandler, type EventHandlerOf, type EventHandlerOptions } from './event-handler';
export * from './events.module';
export * from './inbox';
export * from './outbox-relay';
export * from './outbox-writer';
export * from './settings';
export * from './stream';
