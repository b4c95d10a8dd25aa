// Whether npm start may leave Nx out: `node --test scripts/lib/setup.test.mjs`.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { BUILD_OUTPUTS, buildIsFresh, newestSource } from './setup.mjs';

/** A workspace with one source file and every output, all dated `at` (ms). */
function workspace(at) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'chitram-setup-test-'));
  const files = ['services/auth/src/main.ts', 'package-lock.json', ...BUILD_OUTPUTS];
  for (const file of files) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), 'x');
    fs.utimesSync(path.join(root, file), at / 1000, at / 1000);
  }
  const stamp = path.join(root, 'build.json');
  return { root, stamp, touch: (file, ms) => fs.utimesSync(path.join(root, file), ms / 1000, ms / 1000) };
}

describe('the build is fresh', () => {
  const t = Date.parse('2026-12-01T10:00:00Z');

  test('when no source changed after the last whole build started, and its outputs are there', () => {
    const w = workspace(t);
    fs.writeFileSync(w.stamp, JSON.stringify({ startedAt: t + 1000 }));
    assert.equal(newestSource(w.root), t);
    assert.equal(buildIsFresh(w.root, w.stamp), true);
  });

  test('not when a source is newer, an output is missing or no build was recorded', () => {
    const w = workspace(t);
    fs.writeFileSync(w.stamp, JSON.stringify({ startedAt: t + 1000 }));
    w.touch('services/auth/src/main.ts', t + 2000);
    assert.equal(buildIsFresh(w.root, w.stamp), false);

    const missing = workspace(t);
    fs.writeFileSync(missing.stamp, JSON.stringify({ startedAt: t + 1000 }));
    fs.rmSync(path.join(missing.root, 'frontends/admin/dist/index.html'));
    assert.equal(buildIsFresh(missing.root, missing.stamp), false);

    assert.equal(buildIsFresh(workspace(t).root, path.join(os.tmpdir(), 'no-such-stamp.json')), false);
  });

  test('what a build writes beside the sources (dist, generated, tsbuildinfo) does not count', () => {
    const w = workspace(t);
    fs.writeFileSync(w.stamp, JSON.stringify({ startedAt: t + 1000 }));
    for (const file of ['frontends/shell/generated/fonts.css', 'services/auth/tsconfig.tsbuildinfo']) {
      fs.mkdirSync(path.dirname(path.join(w.root, file)), { recursive: true });
      fs.writeFileSync(path.join(w.root, file), 'x');
    }
    w.touch('gateway/dist/main.js', t + 5000);
    assert.equal(buildIsFresh(w.root, w.stamp), true);
  });
});
