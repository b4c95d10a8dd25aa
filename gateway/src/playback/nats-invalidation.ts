import type { NatsConnection, Subscription } from 'nats';

/**
 * Hears, on every gateway instance, the core NATS messages that make a cache's entries stale: each
 * message of `subjects` is handed to its handler as it is read (before any reply behind it), and a
 * connection that comes back from a break calls `onReconnect` (a message may have been missed), as
 * does a message its handler throws on.
 * Answers what stops it.
 */
export function watchNats(
  nats: NatsConnection,
  subjects: Record<string, (data: Uint8Array) => void>,
  onReconnect: () => void,
): () => void {
  const subscriptions: Subscription[] = Object.entries(subjects).map(([subject, handle]) =>
    nats.subscribe(subject, {
      callback: (error, message) => {
        if (error) return;
        // A throw here would stop the connection's reader: a message the handler cannot use clears all.
        try {
          handle(message.data);
        } catch {
          onReconnect();
        }
      },
    }),
  );
  let stopped = false;
  void (async () => {
    for await (const status of nats.status()) {
      if (stopped) return;
      if (status.type === 'reconnect') onReconnect();
    }
  })().catch(() => undefined);
  return () => {
    stopped = true;
    for (const subscription of subscriptions) subscription.unsubscribe();
  };
}
