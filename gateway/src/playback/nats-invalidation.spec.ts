import type { Msg, NatsConnection, SubscriptionOptions } from 'nats';
import { watchNats } from './nats-invalidation';

/** Just enough of a connection to hand messages to the callbacks watchNats subscribes. */
function connection() {
  const callbacks = new Map<string, NonNullable<SubscriptionOptions['callback']>>();
  const nats = {
    subscribe: (subject: string, options: SubscriptionOptions) => {
      callbacks.set(subject, options.callback!);
      return { unsubscribe: () => callbacks.delete(subject) };
    },
    status: () => ({ [Symbol.asyncIterator]: () => ({ next: () => new Promise(() => undefined) }) }),
  } as unknown as NatsConnection;
  const deliver = (subject: string, data: Uint8Array) =>
    callbacks.get(subject)!(null, { subject, data } as unknown as Msg);
  return { nats, deliver };
}

describe('watchNats', () => {
  it('keeps a throw in a handler away from the connection and clears everything instead', () => {
    const { nats, deliver } = connection();
    const cleared: string[] = [];
    const stop = watchNats(
      nats,
      {
        'chitram.catalog.changed': () => {
          throw new SyntaxError('not JSON');
        },
      },
      () => cleared.push('all'),
    );
    expect(() => deliver('chitram.catalog.changed', Buffer.from('probe'))).not.toThrow();
    expect(cleared).toEqual(['all']);
    stop();
  });
});
