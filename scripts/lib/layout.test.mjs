// The instance layout: `node --test scripts/lib/layout.test.mjs`.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  DEFAULT_PORTS,
  MAX_INSTANCES,
  SERVICES,
  appSpecs,
  instanceName,
  layoutPorts,
  SHELL_PROXY_ADDRESS,
  shiftPorts,
} from './layout.mjs';

const byName = (specs) => Object.fromEntries(specs.map((s) => [s.name, s]));

describe('the instance layout', () => {
  test('one instance: the development ports and names as before, every app on 127.0.0.1', () => {
    const specs = byName(appSpecs(DEFAULT_PORTS));
    assert.deepEqual(Object.keys(specs), ['shell', 'viewer', 'admin', 'gateway', ...SERVICES]);
    assert.equal(specs.shell.port, 3000);
    assert.equal(specs.gateway.port, 3001);
    assert.equal(specs.shell.env.API_TARGET, 'http://127.0.0.1:3001');
    assert.deepEqual(
      SERVICES.map((s) => specs[s].env.HEALTH_PORT),
      ['4001', '4002', '4003', '4004', '4005'],
    );
    assert.equal(specs.media.env.MEDIA_HTTP_PORT, '4104');
    assert.equal(specs.gateway.env.MEDIA_URL, 'http://127.0.0.1:4104');
    assert.equal(specs.gateway.env.CORS_ORIGINS, 'http://localhost:3000');
    for (const name of ['shell', 'viewer', 'admin', 'gateway'])
      assert.equal(specs[name].env.HOST, '127.0.0.1');
    assert.equal(specs.media.env.MEDIA_HTTP_HOST, '127.0.0.1');
    assert.equal(specs.auth.env.DATABASE_NAME, undefined, "the service's own default database");
  });

  test('two instances: gateway-1/-2 and <service>-1/-2 ten ports apart, the shell taking both gateways', () => {
    const specs = appSpecs(DEFAULT_PORTS, { instances: 2 });
    const named = byName(specs);
    assert.deepEqual(
      specs.map((s) => s.name),
      [
        'shell',
        'viewer',
        'admin',
        'gateway-1',
        'gateway-2',
        ...SERVICES.flatMap((s) => [`${s}-1`, `${s}-2`]),
      ],
    );
    assert.deepEqual(
      specs.filter((s) => s.app === 'billing').map((s) => [s.instance, s.port]),
      [
        [1, 4003],
        [2, 4013],
      ],
    );
    assert.equal(named['gateway-2'].port, 3011);
    assert.equal(named.shell.env.API_TARGET, 'http://127.0.0.1:3001,http://127.0.0.1:3011');
    assert.equal(named['media-2'].env.MEDIA_HTTP_PORT, '4114');
    assert.equal(named['gateway-2'].env.MEDIA_URL, 'http://127.0.0.1:4114');
    const ports = layoutPorts(DEFAULT_PORTS, specs).map(([, port]) => port);
    assert.equal(new Set(ports).size, ports.length, 'no two listeners share a port');
  });

  test('the most instances still fit between the apps, and more are refused', () => {
    const specs = appSpecs(DEFAULT_PORTS, { instances: MAX_INSTANCES });
    const ports = layoutPorts(DEFAULT_PORTS, specs).map(([, port]) => port);
    assert.equal(new Set(ports).size, ports.length);
    assert.ok(Math.max(...ports) < 4200);
    assert.throws(() => appSpecs(DEFAULT_PORTS, { instances: MAX_INSTANCES + 1 }), /instances must be/);
    assert.throws(() => appSpecs(DEFAULT_PORTS, { instances: 0 }), /instances must be/);
  });

  test('a database prefix, a host and CORS origins reach the apps that read them', () => {
    const specs = byName(
      appSpecs(shiftPorts(DEFAULT_PORTS, 10_000), {
        databasePrefix: 'chitram_test_1_ab_',
        host: '0.0.0.0',
        corsOrigins: 'https://chitram.example',
      }),
    );
    assert.equal(specs.catalog.env.DATABASE_NAME, 'chitram_test_1_ab_catalog');
    assert.equal(specs.catalog.env.HEALTH_PORT, '14002');
    assert.equal(specs.gateway.env.HOST, '0.0.0.0');
    assert.equal(specs.gateway.env.CORS_ORIGINS, 'https://chitram.example');
    assert.equal(specs.shell.env.API_TARGET, 'http://127.0.0.1:13001');
    assert.equal(specs.shell.env.VIEWER_REMOTE_URL, 'http://localhost:13002');
  });

  test('instance names', () => {
    assert.equal(instanceName('gateway', 1, 1), 'gateway');
    assert.equal(instanceName('gateway', 2, 3), 'gateway-2');
  });
});

describe('forwarded addresses', () => {
  test('the gateways believe X-Forwarded-For from the shell alone, not from every local process', () => {
    const specs = appSpecs(DEFAULT_PORTS, { instances: 2 });
    const shell = specs.find((s) => s.app === 'shell');
    const gateways = specs.filter((s) => s.app === 'gateway');
    assert.equal(shell?.env.API_SOURCE_ADDRESS, SHELL_PROXY_ADDRESS);
    for (const gateway of gateways) assert.equal(gateway.env.TRUSTED_PROXIES, SHELL_PROXY_ADDRESS);
    assert.notEqual(SHELL_PROXY_ADDRESS, 'loopback');
    if (process.platform === 'linux') assert.notEqual(SHELL_PROXY_ADDRESS, '127.0.0.1');
  });
});
