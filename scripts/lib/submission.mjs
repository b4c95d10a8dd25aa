// What a submission changes, told from a clean clone (issue 24): `.ci/run` builds the images and runs
// the compose smoke test only when the submitted commits touch what the images are made from.
//
// A clone holds no record of the previous landing (no tag, no branch, no reflog), but CI runs on the
// submitting session's own machine, right after the session stops, and a session lasts at most 180
// minutes: every commit it submits was made on this machine's clock within that window before CI
// started. So the submission's base is the first parent of the oldest commit of HEAD's first-parent
// line made within the window (a merged branch counts through its merge, whatever its commits' dates).
// A shorter session can pull an earlier landing's last commits into the window: that only makes CI
// check the images once more, never skip a change. With no commit in the window (a clock set back, a
// re-run much later), the base is HEAD's first parent.
//
//   node scripts/lib/submission.mjs [--window-minutes 200]   prints the image inputs changed; exit 0
//                                                            when some are, 1 when none, 2 on error
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** A session's limit and some margin for the time between its stop and CI's start. */
export const WINDOW_MINUTES = 200;

/** What the images and the composed platform are made from. */
export const IMAGE_INPUTS = [
  'deploy',
  'docker-compose.yml',
  '.dockerignore',
  ':(glob)**/Dockerfile',
  ':(glob)**/*.Dockerfile',
];

/**
 * The submission's base: given HEAD's first-parent line, newest first, each with its committer time
 * (seconds) and first parent, the first parent of the oldest made since `now - window`.
 * @param {Array<{ commit: string, time: number, parent?: string }>} line
 * @param {{ now: number, windowMinutes?: number }} o  `now` in milliseconds
 * @returns {string | undefined}  undefined: the whole history is the submission (no parent before it)
 */
export function submissionBase(line, { now, windowMinutes = WINDOW_MINUTES }) {
  if (line.length === 0) throw new Error('no commits');
  const since = now / 1000 - windowMinutes * 60;
  let oldest = line[0];
  for (const entry of line) {
    if (entry.time < since) break;
    oldest = entry;
  }
  return oldest.parent;
}

/** HEAD's first-parent line from git, newest first. */
export function firstParentLine(cwd) {
  const out = execFileSync('git', ['rev-list', '--first-parent', '--format=%ct %P', 'HEAD'], {
    cwd,
    encoding: 'utf8',
  });
  const lines = out.trim().split('\n');
  const line = [];
  for (let i = 0; i < lines.length; i += 2) {
    const commit = lines[i].replace(/^commit /, '');
    const [time, parent] = lines[i + 1].split(' ');
    line.push({ commit, time: Number(time), parent: parent || undefined });
  }
  return line;
}

/** The image inputs the submission changes: files, against its base. */
export function changedImageInputs(cwd, { now = Date.now(), windowMinutes = WINDOW_MINUTES } = {}) {
  const base = submissionBase(firstParentLine(cwd), { now, windowMinutes });
  // Without a base every file is new: compare with the empty tree.
  const from =
    base ?? execFileSync('git', ['hash-object', '-t', 'tree', '/dev/null'], { cwd, encoding: 'utf8' }).trim();
  const out = execFileSync('git', ['diff', '--name-only', from, 'HEAD', '--', ...IMAGE_INPUTS], {
    cwd,
    encoding: 'utf8',
  });
  return { base, files: out.split('\n').filter(Boolean) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    const at = process.argv.indexOf('--window-minutes');
    const windowMinutes = at > 0 ? Number(process.argv[at + 1]) : WINDOW_MINUTES;
    const { base, files } = changedImageInputs(process.cwd(), { windowMinutes });
    const against = base ? `since ${base.slice(0, 12)}` : 'in the whole history';
    if (files.length === 0) {
      console.log(`submission: no image input changed ${against}`);
      process.exit(1);
    }
    console.log(
      `submission: ${files.length} image inputs changed ${against}: ${files.slice(0, 8).join(', ')}${files.length > 8 ? ', …' : ''}`,
    );
  } catch (error) {
    console.error(`submission: ${error instanceof Error ? error.message : error}`);
    process.exit(2);
  }
}
