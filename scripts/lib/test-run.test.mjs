// What keeps `npm test` apart from a development platform: `node --test scripts/lib/test-run.test.mjs`.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { claimPortBlock, hermeticEnv } from './test-run.mjs';

describe('the environment the test stages see', () => {
  test("keeps the machine's and the tools' variables, drops every app setting of the developer's", () => {
    const env = hermeticEnv({
      PATH: '/usr/bin',
      HOME: '/root',
      CI: 'true',
      NODE_OPTIONS: '--max-old-space-size=2048',
      NODE_EXTRA_CA_CERTS: '/etc/ssl/ca.pem',
      CHROMIUM_PATH: '/usr/bin/chromium',
      E2E_PATTERN: 'playback',
      ADMIN_EMAIL: 'someone@example.in',
      ADMIN_PASSWORD: 'theirs',
      NODE_ENV: 'production',
      LOG_LEVEL: 'debug',
      REDIS_KEY_PREFIX: 'mine:',
      DATABASE_NAME: 'chitram_mine',
      CORS_ORIGINS: 'http://localhost:3000',
      HOST: '0.0.0.0',
    });
    assert.deepEqual(Object.keys(env).sort(), [
      'CHROMIUM_PATH',
      'CI',
      'E2E_PATTERN',
      'HOME',
      'NODE_EXTRA_CA_CERTS',
      'NODE_OPTIONS',
      'PATH',
    ]);
  });
});

describe('the test platform port block', () => {
  const lockRoot = () => fs.mkdtempSync(path.join(os.tmpdir(), 'chitram-ports-'));

  test('takes the first block whose ports are all free, never the development ports', async () => {
    const dir = lockRoot();
    const busy = new Set([13011]); // a second gateway's port in the first block
    const block = await claimPortBlock({
      instances: 2,
      lockRoot: dir,
      offsets: [10_000, 12_000],
      free: async (port) => !busy.has(port),
    });
    assert.equal(block.offset, 12_000);
    assert.equal(block.ports.shell, 15000);
    assert.ok(fs.existsSync(path.join(dir, 'ports-12000.lock')));
    assert.ok(!fs.existsSync(path.join(dir, 'ports-10000.lock')), 'the busy block is let go');
    await block.release();
    assert.ok(!fs.existsSync(path.join(dir, 'ports-12000.lock')));
  });

  test('skips a block another live run holds, and takes over one whose run is gone', async () => {
    const dir = lockRoot();
    fs.writeFileSync(path.join(dir, 'ports-10000.lock'), `${process.ppid}\n`); // alive
    fs.writeFileSync(path.join(dir, 'ports-12000.lock'), '2147483646\n'); // no such process
    const block = await claimPortBlock({
      instances: 1,
      lockRoot: dir,
      offsets: [10_000, 12_000],
      free: async () => true,
    });
    assert.equal(block.offset, 12_000);
    assert.equal(fs.readFileSync(path.join(dir, 'ports-12000.lock'), 'utf8').trim(), String(process.pid));
    await assert.rejects(
      claimPortBlock({ instances: 1, lockRoot: dir, offsets: [10_000], free: async () => true }),
      /no free block of ports/,
    );
    await block.release();
  });
});
