import { connect, type ConnectionOptions, type NatsConnection } from 'nats';

/** What every connection of an app passes to nats.js: the servers, its user and its own inbox. */
export type NatsConnectionSettings = Pick<ConnectionOptions, 'servers' | 'user' | 'pass' | 'inboxPrefix'>;

/**
 * NATS_URL → connection settings. Each app signs in as its own NATS user, written in the URL
 * (`nats://auth:<password>@host:4222`; several servers comma-separated, credentials on any of them),
 * and then receives replies on an inbox of its own, `_INBOX.<user>.…`, the only inbox its permissions
 * let it read. The credentials are taken out of the server addresses, so they never reach a log.
 */
export function natsConnectionSettings(url: string): NatsConnectionSettings {
  let user: string | undefined;
  let pass: string | undefined;
  const servers = url
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((server) => {
      const parsed = /^(nats|tls|wss?):\/\/([^@/]*)@(.+)$/i.exec(server);
      if (!parsed) return server;
      const [username, password = ''] = parsed[2].split(':');
      user ??= decodeURIComponent(username);
      pass ??= decodeURIComponent(password);
      return `${parsed[1]}://${parsed[3]}`;
    });
  return user ? { servers, user, pass, inboxPrefix: `_INBOX.${user}` } : { servers };
}

/** Connects to NATS, retrying for ever so an app started before NATS comes up waits for it. */
export function connectNats(url: string, name: string): Promise<NatsConnection> {
  return connect({
    ...natsConnectionSettings(url),
    name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 500,
    waitOnFirstConnect: true,
    // Without this, every request builds two Error objects (stack traces included) just in case it
    // times out. RpcClient turns any failure into SERVICE_UNAVAILABLE and drops that stack anyway.
    noAsyncTraces: true,
  });
}
