// NATS users and subject permissions for the platform's apps, generated from what each app declares
// in libs/contracts (NATS_ACCESS, in the contracts' own subjects): a service answers only its own
// subjects and calls only those it declares; the gateway calls only what its routes use; only the
// services' outbox relays write to the events stream, and only the events each declares. Passwords
// are made per run (or, for a deployment, read by nats-server from its environment).
//
//   const nats = natsSetup({ url: 'nats://127.0.0.1:4222', storeDir: '/data/nats' });
//   writeFileSync(confFile, nats.config, { mode: 0o600 });   // then: nats-server -c confFile
//   spawn('node', ['services/auth/dist/main.js'], { env: { ...env, ...nats.env('auth') } });
//
// A deployment's configuration reads each app's password from nats-server's environment instead
// (NATS_PASSWORD_<APP>); docker-compose.yml mounts it from deploy/nats/chitram.conf, written by
//   node libs/infra/lib/nats-permissions.mjs --deployment > deploy/nats/chitram.conf
//
// Needs the built libs/contracts and libs/nest-kit (their dist), like the apps themselves.
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);

/** The contracts' declarations and the kit's naming of streams, from their builds. */
function platformNames() {
  const contracts = require('@chitram/contracts');
  const kit = require('@chitram/nest-kit');
  return { contracts, kit };
}

/** The user whose permissions are every subject: the platform's own tools (the demo seed, tests). */
export const OPERATOR = 'operator';

/** Each subject once, in order, so the configuration reads (and diffs) the same whatever the declaration order. */
const unique = (list) => [...new Set(list)].sort();

/**
 * Each app's permissions, as nats-server takes them.
 * @param {{ eventsStream?: string, eventsSubjectRoot?: string }} [bus] the events stream and the root of
 *   its subjects (EVENTS_STREAM, EVENTS_SUBJECT_ROOT of the apps; a test platform may use its own)
 * @returns {Record<string, { publish: { allow: string[] }, subscribe: { allow: string[] }, allow_responses?: boolean }>}
 */
export function natsPermissions(bus = {}) {
  const { contracts, kit } = platformNames();
  const settings = {
    EVENTS_STREAM: bus.eventsStream ?? contracts.EVENT_STREAM,
    EVENTS_SUBJECT_ROOT: bus.eventsSubjectRoot ?? contracts.EVENT_SUBJECT_ROOT,
  };
  const events = settings.EVENTS_STREAM;
  const jobs = kit.jobStreamName(settings);
  const onBus = (subject) => kit.busSubject(settings, subject);
  /** An event heard as it passes is on this run's bus; any other subject is as it is. */
  const heard = (subject) =>
    subject.startsWith(`${contracts.EVENT_SUBJECT_ROOT}.`) ? onBus(subject) : subject;
  /**
   * What the durable consumer `name` of `stream` needs, and no other: to be made (filtered to `filter`,
   * which the create request's subject carries), looked up, read and acknowledged (acknowledgement
   * subjects in both of JetStream's forms, with and without domain and account).
   */
  const consumer = (stream, name, filter) => [
    `$JS.API.CONSUMER.CREATE.${stream}.${name}.${filter}`,
    `$JS.API.CONSUMER.INFO.${stream}.${name}`,
    `$JS.API.CONSUMER.MSG.NEXT.${stream}.${name}`,
    `$JS.ACK.${stream}.${name}.>`,
    `$JS.ACK.*.*.${stream}.${name}.>`,
  ];
  /** Look up a stream, and create it if it is missing (any service may be the first to start). */
  const stream = (name) => [`$JS.API.STREAM.INFO.${name}`, `$JS.API.STREAM.CREATE.${name}`];

  const permissions = {};
  for (const app of contracts.NATS_APPS) {
    const access = contracts.NATS_ACCESS[app];
    const service = app !== 'gateway';
    const publish = [...contracts.subjectsOf(access.calls), ...(access.announces ?? [])];
    if (service) {
      publish.push('$JS.API.INFO', ...stream(events));
      publish.push(...(access.emits ?? []).map(onBus));
      for (const [name, event] of Object.entries(access.consumes ?? {}))
        publish.push(...consumer(events, name, onBus(event)));
      if (access.jobs?.length) publish.push(...stream(jobs));
      for (const job of access.jobs ?? []) {
        publish.push(
          kit.jobSubject(settings, job),
          ...consumer(jobs, job.replace(/\./g, '_'), kit.jobSubject(settings, job)),
        );
      }
    }
    permissions[app] = {
      publish: { allow: unique(publish) },
      subscribe: {
        allow: unique([
          ...contracts.servedSubjects(app),
          ...(access.hears ?? []).map(heard),
          `_INBOX.${app}.>`,
        ]),
      },
      // A service answers the requests it receives, on their reply subjects.
      ...(service ? { allow_responses: true } : {}),
    };
  }
  return permissions;
}

/** A new random password: letters and digits, so it can be written in a URL as it is. */
export function newPassword() {
  return randomBytes(24).toString('hex');
}

/**
 * The nats-server configuration: JetStream, and a user per app (plus the operator) with the
 * permissions above.
 * @param {{
 *   passwords: Record<string, string>,  per user: the password, or `$NAME` for nats-server to read NAME
 *     from its environment
 *   port?: number, host?: string, storeDir?: string, monitorPort?: number,
 *   eventsStream?: string, eventsSubjectRoot?: string,
 * }} options
 */
export function natsServerConfig({ passwords, port, host, storeDir, monitorPort, ...bus }) {
  const permissions = natsPermissions(bus);
  const users = Object.entries(passwords).map(([user, password]) => ({
    user,
    password,
    permissions:
      user === OPERATOR ? { publish: { allow: ['>'] }, subscribe: { allow: ['>'] } } : permissions[user],
  }));
  const missing = Object.keys(permissions).filter((app) => !(app in passwords));
  if (missing.length) throw new Error(`natsServerConfig: no password for ${missing.join(', ')}`);
  // JSON is nats-server's configuration syntax too, except that a `$NAME` value must stay unquoted.
  const text = (value) => JSON.stringify(value, null, 2).replace(/"(\$[A-Z][A-Z0-9_]*)"/g, '$1');
  const lines = [
    '# Generated by libs/infra/lib/nats-permissions.mjs from NATS_ACCESS (libs/contracts): do not edit.',
    ...(host ? [`host: ${JSON.stringify(host)}`] : []),
    ...(port !== undefined ? [`port: ${port}`] : []),
    ...(monitorPort !== undefined ? [`http_port: ${monitorPort}`] : []),
    `jetstream: ${text(storeDir ? { store_dir: storeDir } : {})}`,
    `authorization: ${text({ users })}`,
  ];
  return `${lines.join('\n')}\n`;
}

/**
 * Everything a platform needs to run NATS with these permissions: the server's configuration (fresh
 * passwords), and the NATS_URL each app (and the operator's tools) connects with.
 * @param {{ url?: string, port?: number, host?: string, storeDir?: string, monitorPort?: number,
 *   eventsStream?: string, eventsSubjectRoot?: string }} options  `url`: the server as the apps reach it
 *   (default nats://127.0.0.1:4222; `at(url)` gives the same users at another address, once it is known)
 */
export function natsSetup({ url = 'nats://127.0.0.1:4222', ...options }) {
  const { contracts } = platformNames();
  const passwords = Object.fromEntries(
    [...contracts.NATS_APPS, OPERATOR].map((user) => [user, newPassword()]),
  );
  /** The users' URLs for a server at `address`. */
  const at = (address) => {
    const signedIn = (user) => {
      const server = new URL(address);
      server.username = user;
      server.password = passwords[user];
      return server.href.replace(/\/$/, '');
    };
    return {
      /** The app's environment: NATS_URL with its own user (libs/nest-kit/src/nats.ts reads it). */
      env: (/** @type {string} */ app) => {
        if (!(app in passwords)) throw new Error(`natsSetup: no NATS user ${app}`);
        return { NATS_URL: signedIn(app) };
      },
      /** NATS_URL of the operator: the demo seed, the test harness. */
      operatorUrl: signedIn(OPERATOR),
    };
  };
  return {
    /** The apps with a NATS user of their own. */
    apps: [...contracts.NATS_APPS],
    config: natsServerConfig({ passwords, ...options }),
    ...at(url),
    at,
    /** What a readiness probe signs in as (libs/infra's probeNats). */
    probeAuth: { user: OPERATOR, pass: passwords[OPERATOR] },
  };
}

/**
 * A platform's own NATS with these permissions (`npm start`, the test platform): the configuration
 * written to `file` (readable by this user only), what ensureInfrastructure needs to start the server
 * with it, and the users' URLs once the server's address is known (`setup.at(url)`).
 * @param {string} file
 * @param {{ eventsStream?: string, eventsSubjectRoot?: string }} [bus]
 */
export function privateNats(file, bus = {}) {
  const setup = natsSetup(bus);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, setup.config, { mode: 0o600 });
  chmodSync(file, 0o600); // also when the file was there before
  return {
    setup,
    options: { configFile: file, probeAuth: setup.probeAuth },
    /**
     * The users at the address the server got, once ensureInfrastructure has answered; undefined unless
     * it started this server, as a process or a container given this configuration (an environment's
     * NATS_URL has no such users).
     * @param {{ used: Array<{ name: string, source: string }>, env: { NATS_URL?: string } }} infra
     */
    usersOn: (infra) =>
      ['started', 'container'].includes(infra.used.find((u) => u.name === 'nats')?.source ?? '') &&
      infra.env.NATS_URL
        ? setup.at(infra.env.NATS_URL)
        : undefined,
  };
}

/** The environment variable a deployment's nats-server reads an app's password from. */
export const passwordVariable = (app) => `NATS_PASSWORD_${app.toUpperCase()}`;

/**
 * The configuration of a deployment: the apps' users only, passwords from NATS_PASSWORD_<APP>.
 * `withOperator`: the operator too (NATS_PASSWORD_OPERATOR), for a deployment the platform's own tools
 * load (the compose smoke test's demo seed); a real one has none.
 */
export function deploymentConfig({ withOperator = false } = {}) {
  const { contracts } = platformNames();
  const users = [...contracts.NATS_APPS, ...(withOperator ? [OPERATOR] : [])];
  const passwords = Object.fromEntries(users.map((user) => [user, `$${passwordVariable(user)}`]));
  return natsServerConfig({ passwords });
}

if (process.argv[1] && realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url))) {
  if (process.argv[2] !== '--deployment') {
    process.stderr.write(
      'usage: node libs/infra/lib/nats-permissions.mjs --deployment > deploy/nats/chitram.conf\n',
    );
    process.exit(2);
  }
  process.stdout.write(deploymentConfig());
}
