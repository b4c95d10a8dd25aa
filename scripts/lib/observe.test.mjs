// `npm start -- --observe`'s Prometheus: `node --test scripts/lib/observe.test.mjs`. Needs Debian's
// prometheus package (promtool and the server; .ci/run installs it) and fails without it.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { DEFAULT_PORTS, SERVICES, appSpecs } from './layout.mjs';
import {
  checkConfig,
  findPrometheus,
  metricsTargets,
  prometheusConfig,
  startPrometheus,
} from './observe.mjs';

const ROOT = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));
const ALERTS = path.join(ROOT, 'deploy', 'observability', 'alerts.yml');

/** A loopback port nobody listens on now. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'chitram-observe-'));
after(() => fs.rmSync(scratch, { recursive: true, force: true }));

describe('--observe', () => {
  test("scrapes every gateway's METRICS_PORT and every service instance's HEALTH_PORT, by app", () => {
    const targets = metricsTargets(appSpecs(DEFAULT_PORTS, { instances: 2 }));
    assert.deepEqual(
      targets.filter((t) => t.job === 'gateway'),
      [
        { job: 'gateway', instance: 'gateway-1', target: '127.0.0.1:4000' },
        { job: 'gateway', instance: 'gateway-2', target: '127.0.0.1:4010' },
      ],
    );
    for (const service of SERVICES)
      assert.deepEqual(
        targets.filter((t) => t.job === service).map((t) => t.instance),
        [`${service}-1`, `${service}-2`],
      );
    assert.equal(targets.find((t) => t.instance === 'billing-2')?.target, '127.0.0.1:4013');
    assert.ok(
      !targets.some((t) => ['shell', 'viewer', 'admin'].includes(t.job)),
      'the front ends serve none',
    );
  });

  test('writes a configuration promtool accepts, with the alert rules of deploy/observability', () => {
    const file = path.join(scratch, 'prometheus.yml');
    fs.writeFileSync(file, prometheusConfig(metricsTargets(appSpecs(DEFAULT_PORTS)), [ALERTS]));
    assert.match(checkConfig(file), /SUCCESS/);
  });

  test('starts Prometheus, which scrapes an app and says where it is', async () => {
    assert.ok(
      findPrometheus(),
      "no prometheus: install Debian's prometheus package (apt-get install prometheus)",
    );
    const app = createServer((req, res) => {
      res.writeHead(req.url === '/metrics' ? 200 : 404, { 'content-type': 'text/plain; version=0.0.4' });
      res.end(
        '# HELP chitram_example_total An example.\n# TYPE chitram_example_total counter\nchitram_example_total 3\n',
      );
    });
    await new Promise((resolve) => app.listen(0, '127.0.0.1', () => resolve(undefined)));
    const appPort = /** @type {import('node:net').AddressInfo} */ (app.address()).port;
    const lines = [];
    const prometheus = await startPrometheus({
      targets: [{ job: 'gateway', instance: 'gateway', target: `127.0.0.1:${appPort}` }],
      port: await freePort(),
      dataDir: scratch,
      ruleFiles: [ALERTS],
      log: (line) => lines.push(line),
    });
    try {
      assert.ok(prometheus);
      assert.match(prometheus.url, /^http:\/\/127\.0\.0\.1:\d+$/);
      const deadline = Date.now() + 30_000;
      let value;
      while (Date.now() < deadline) {
        const answer = await fetch(`${prometheus.url}/api/v1/query?query=chitram_example_total`).then((r) =>
          r.json(),
        );
        value = answer.data?.result?.[0];
        if (value) break;
        await new Promise((r) => setTimeout(r, 250));
      }
      assert.equal(value?.metric.job, 'gateway');
      assert.equal(value?.value[1], '3');
      const rules = await fetch(`${prometheus.url}/api/v1/rules`).then((r) => r.json());
      assert.ok(rules.data.groups.some((g) => g.rules.some((r) => r.name === 'ChitramAppDown')));
    } finally {
      await prometheus?.stop();
      await new Promise((resolve) => app.close(resolve));
    }
    assert.deepEqual(lines, []);
  });

  test('says so, and starts nothing, when no Prometheus is installed', async () => {
    const lines = [];
    const none = await startPrometheus({
      targets: [],
      port: 1,
      dataDir: scratch,
      log: (line) => lines.push(line),
      binary: '',
    });
    assert.equal(none, undefined);
    assert.match(lines.join('\n'), /apt-get install prometheus/);
  });
});
