// Which commits `.ci/run` counts as the submission, and what of the images' inputs they change.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { changedImageInputs, submissionBase } from './submission.mjs';

const HOUR = 3600;
const NOW = Date.UTC(2026, 11, 1, 22, 0) / 1000;
/** A first-parent line, newest first, made `hoursAgo` before NOW. */
const line = (...hoursAgo) =>
  hoursAgo.map((h, i) => ({ commit: `c${i}`, time: NOW - h * HOUR, parent: `c${i + 1}` }));

describe('submissionBase', () => {
  test("is the parent of the oldest commit within the window: the previous landing's last", () => {
    assert.equal(submissionBase(line(0.1, 1, 2.5, 30, 31), { now: NOW * 1000 }), 'c3');
  });

  test('takes the whole window: a commit made at the start of a 180-minute session counts', () => {
    assert.equal(submissionBase(line(0.2, 3), { now: NOW * 1000 }), 'c2');
    assert.equal(submissionBase(line(0.2, 3.5), { now: NOW * 1000 }), 'c1');
  });

  test("falls back to HEAD's parent when no commit is that recent, and to none for a first commit", () => {
    assert.equal(submissionBase(line(48, 50), { now: NOW * 1000 }), 'c1');
    assert.equal(submissionBase([{ commit: 'root', time: NOW }], { now: NOW * 1000 }), undefined);
  });
});

describe('changedImageInputs', () => {
  test("names deploy/, docker-compose.yml and Dockerfiles a merge brings in, not the landing's own", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'chitram-submission-'));
    const git = (args, date) =>
      execFileSync('git', args, {
        cwd: dir,
        encoding: 'utf8',
        env: {
          ...process.env,
          GIT_AUTHOR_NAME: 't',
          GIT_AUTHOR_EMAIL: 't@example.test',
          GIT_COMMITTER_NAME: 't',
          GIT_COMMITTER_EMAIL: 't@example.test',
          ...(date ? { GIT_COMMITTER_DATE: date, GIT_AUTHOR_DATE: date } : {}),
        },
      });
    const write = (file, text) => {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), text);
    };
    const old = new Date((NOW - 30 * HOUR) * 1000).toISOString();
    const recent = new Date((NOW - HOUR) * 1000).toISOString();
    try {
      git(['init', '-q', '-b', 'main']);
      write('deploy/service.Dockerfile', 'FROM a\n');
      git(['add', '.']);
      git(['commit', '-q', '-m', 'the previous landing'], old);
      // A branch made during the session, with an old-looking date (a commit kept from before), merged.
      git(['checkout', '-q', '-b', 'ops']);
      write('deploy/images/x.sh', 'echo\n');
      git(['add', '.']);
      git(['commit', '-q', '-m', 'on a branch'], old);
      git(['checkout', '-q', 'main']);
      write('README.md', 'words\n');
      git(['add', '.']);
      git(['commit', '-q', '-m', 'docs'], recent);
      git(['merge', '-q', '--no-ff', 'ops', '-m', 'merge ops'], recent);
      const now = NOW * 1000;
      assert.deepEqual(changedImageInputs(dir, { now }).files, ['deploy/images/x.sh']);

      write('services/a/Dockerfile', 'FROM b\n');
      git(['add', '.']);
      git(['commit', '-q', '-m', 'a Dockerfile elsewhere'], recent);
      assert.deepEqual(changedImageInputs(dir, { now }).files, [
        'deploy/images/x.sh',
        'services/a/Dockerfile',
      ]);
      // Long after the session, only HEAD's own change is the submission's.
      assert.deepEqual(changedImageInputs(dir, { now: now + 50 * HOUR * 1000 }).files, [
        'services/a/Dockerfile',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
