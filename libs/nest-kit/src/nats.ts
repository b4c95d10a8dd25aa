import { connect, type NatsConnection } from 'nats';

/** Connects to NATS, retrying for ever so an app started before NATS comes up waits for it. */
export function connectNats(url: string, name: string): Promise<NatsConnection> {
  return connect({
    servers: url.split(',').map((s) => s.trim()),
    name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 500,
    waitOnFirstConnect: true,
    // Without this, every request builds two Error objects (stack traces included) just in case it
    // times out. RpcClient turns any failure into SERVICE_UNAVAILABLE and drops that stack anyway.
    noAsyncTraces: true,
  });
}
