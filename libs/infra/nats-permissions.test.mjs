// The NATS users and permissions generated from the contracts' NATS_ACCESS, as data. A server started
// with them is tested in gateway/src/nats-permissions.integration-spec.ts.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import {
  deploymentConfig,
  natsPermissions,
  natsServerConfig,
  natsSetup,
  OPERATOR,
  privateNats,
} from './lib/nats-permissions.mjs';

const APPS = ['gateway', 'auth', 'catalog', 'billing', 'media', 'users'];
const TEST_BUS = { eventsStream: 'TEST_RUN_EVENTS', eventsSubjectRoot: 'run7.events' };

describe('natsPermissions', () => {
  const permissions = natsPermissions(TEST_BUS);

  it('gives every app a user of its own, and nobody every subject', () => {
    assert.deepEqual(Object.keys(permissions).sort(), [...APPS].sort());
    for (const [app, p] of Object.entries(permissions)) {
      assert.ok(
        !p.publish.allow.some((s) => s === '>' || (s.endsWith('.>') && !s.startsWith('$JS.ACK.'))),
        app,
      );
      assert.deepEqual(
        p.subscribe.allow.filter((s) => s.startsWith('_INBOX')),
        [`_INBOX.${app}.>`],
        `${app} reads replies on its own inbox only`,
      );
    }
  });

  it('lets the gateway send requests and hear catalogue changes, nothing of JetStream', () => {
    const { publish, subscribe, allow_responses } = permissions.gateway;
    assert.ok(publish.allow.includes('chitram.catalog.movies.delete.v1'));
    assert.ok(publish.allow.includes('chitram.users.viewer.delete.v1'));
    assert.deepEqual(
      publish.allow.filter((s) => s.startsWith('$') || s.startsWith('run7.')),
      [],
    );
    assert.deepEqual(subscribe.allow, [
      '_INBOX.gateway.>',
      'chitram.catalog.changed.v1',
      'run7.events.billing.subscription-activated.v1',
      'run7.events.billing.subscription-expired.v1',
      'run7.events.billing.subscription-extended.v1',
      'run7.events.billing.subscription-replaced.v1',
      'run7.events.users.user-deleted.v1',
    ]);
    assert.equal(allow_responses, undefined);
  });

  it('lets a service answer its own subjects only, and not send them', () => {
    const { publish, subscribe, allow_responses } = permissions.users;
    assert.equal(allow_responses, true);
    assert.ok(subscribe.allow.includes('chitram.users.viewer.delete.v1'));
    assert.ok(subscribe.allow.includes('chitram.users.health.v1'));
    assert.deepEqual(
      subscribe.allow.filter((s) => !s.startsWith('chitram.users.') && !s.startsWith('_INBOX.')),
      [],
    );
    assert.ok(!publish.allow.includes('chitram.users.viewer.delete.v1'));
    assert.ok(!permissions.billing.publish.allow.includes('chitram.catalog.movies.delete.v1'));
  });

  it("writes each event only from the service that declares it, on the run's own stream and subjects", () => {
    const writers = (event) => APPS.filter((app) => permissions[app].publish.allow.includes(event));
    assert.deepEqual(writers('run7.events.users.user-deleted.v1'), ['users']);
    assert.deepEqual(writers('run7.events.media.video-state-changed.v1'), ['media']);
    assert.deepEqual(writers('chitram.events.users.user-deleted.v1'), []);
    // Nobody may delete, purge or reconfigure a stream, or remove its messages.
    const everything = APPS.flatMap((app) => permissions[app].publish.allow);
    assert.deepEqual(
      everything.filter((s) => /\$JS\.API\.STREAM\.(DELETE|PURGE|UPDATE|MSG\.DELETE)/.test(s)),
      [],
    );
    assert.ok(permissions.auth.publish.allow.includes('$JS.API.STREAM.CREATE.TEST_RUN_EVENTS'));
  });

  it('lets a service read its own durable consumers only, each held to its event', () => {
    const auth = permissions.auth.publish.allow;
    assert.ok(
      auth.includes(
        '$JS.API.CONSUMER.CREATE.TEST_RUN_EVENTS.auth-revoke-deleted-user.run7.events.users.user-deleted.v1',
      ),
    );
    assert.ok(auth.includes('$JS.API.CONSUMER.MSG.NEXT.TEST_RUN_EVENTS.auth-revoke-deleted-user'));
    assert.ok(!auth.includes('$JS.API.CONSUMER.MSG.NEXT.TEST_RUN_EVENTS.catalog-video-state'));
    assert.ok(!auth.some((s) => s.includes('.*') && s.includes('CONSUMER')));
  });

  it('gives the job queue to the service whose jobs they are', () => {
    const media = permissions.media.publish.allow;
    assert.ok(media.includes('run7.jobs.media.transcode'));
    assert.ok(media.includes('$JS.API.CONSUMER.MSG.NEXT.TEST_RUN_EVENTS_JOBS.media_transcode'));
    assert.ok(!permissions.auth.publish.allow.some((s) => s.includes('_JOBS')));
  });
});

describe('natsSetup', () => {
  it('makes fresh passwords each run and the NATS_URL each app signs in with', () => {
    const one = natsSetup({ url: 'nats://127.0.0.1:4300', port: 4300 });
    const two = natsSetup({ url: 'nats://127.0.0.1:4300', port: 4300 });
    const url = new URL(one.env('catalog').NATS_URL);
    assert.equal(url.username, 'catalog');
    assert.match(url.password, /^[0-9a-f]{48}$/);
    assert.notEqual(url.password, new URL(two.env('catalog').NATS_URL).password);
    assert.ok(one.config.includes(`"password": "${url.password}"`));
    assert.equal(new URL(one.operatorUrl).username, OPERATOR);
    assert.deepEqual([...one.apps].sort(), [...APPS].sort());
    assert.throws(() => one.env('search'), /no NATS user search/);
    assert.match(one.config, /^port: 4300$/m);
  });
});

describe('privateNats', () => {
  it("writes a platform's configuration for its owner only, and signs the users in wherever the server ends up", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'private-nats-'));
    try {
      const file = path.join(dir, 'run', 'nats.conf');
      const { setup, options } = privateNats(file);
      assert.equal(readFileSync(file, 'utf8'), setup.config);
      assert.equal(statSync(file).mode & 0o777, 0o600);
      assert.deepEqual(options, { configFile: file, probeAuth: setup.probeAuth });
      assert.equal(setup.probeAuth.user, OPERATOR);
      // The server's port is chosen when it starts (no port in the file): the URLs follow it.
      assert.doesNotMatch(setup.config, /^port:/m);
      const there = setup.at('nats://127.0.0.1:4223');
      const media = new URL(there.env('media').NATS_URL);
      assert.equal(media.host, '127.0.0.1:4223');
      assert.equal(media.username, 'media');
      assert.ok(setup.config.includes(`"password": "${media.password}"`));
      const operator = new URL(there.operatorUrl);
      assert.deepEqual([operator.username, operator.password], [OPERATOR, setup.probeAuth.pass]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('natsServerConfig', () => {
  it("leaves a deployment's passwords to nats-server's environment", () => {
    const config = deploymentConfig();
    for (const app of APPS)
      assert.ok(config.includes(`"password": $NATS_PASSWORD_${app.toUpperCase()},`), app);
    assert.ok(!config.includes(`"user": "${OPERATOR}"`));
  });

  it('refuses to leave an app without a password', () => {
    assert.throws(() => natsServerConfig({ passwords: { gateway: 'x' } }), /no password for auth/);
  });
});
