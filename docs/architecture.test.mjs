// Keeps docs/architecture.md a map of the code as it is: every repository path it names in `code` (a
// folder or file under one of the top-level folders, or a file at the top) must exist. Run: node --test docs/
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const DOCS_DIR = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.dirname(DOCS_DIR);
const TOP_LEVEL = ['gateway', 'services', 'frontends', 'libs', 'deploy', 'e2e', 'bench', 'scripts', 'docs'];

/** The `code` spans of a Markdown text that name a path in the repository, with their lines. */
export function namedPaths(markdown) {
  const found = [];
  markdown.split('\n').forEach((text, i) => {
    for (const [, span] of text.matchAll(/`([^`\s]+)`/g)) {
      const top = span.split('/')[0];
      const isTopFile =
        !span.includes('/') &&
        /^[\w.-]+\.(ya?ml|json|md|mjs|js)$/.test(span) &&
        existsSync(path.join(ROOT, span));
      if ((TOP_LEVEL.includes(top) && span.includes('/')) || isTopFile)
        found.push({ path: span, line: i + 1 });
    }
  });
  return found;
}

/** Whether a named path exists; a `*` in its last part must match at least one file of its folder. */
function exists(named) {
  const file = path.basename(named);
  if (!file.includes('*')) return existsSync(path.join(ROOT, named));
  const folder = path.join(ROOT, path.dirname(named));
  const pattern = new RegExp(
    `^${file
      .split('*')
      .map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  );
  return existsSync(folder) && readdirSync(folder).some((name) => pattern.test(name));
}

describe('docs/architecture.md', () => {
  const page = readFileSync(path.join(DOCS_DIR, 'architecture.md'), 'utf8');
  const named = namedPaths(page);

  it('names the folders of the repository', () => {
    // Fewer than this would mean the reading of the page broke, not that the page is right.
    assert.ok(named.length >= 30, `only ${named.length} paths read from the page`);
  });

  it('names no folder or file that does not exist', () => {
    const missing = named.filter((n) => !exists(n.path));
    assert.deepEqual(
      missing.map((m) => `architecture.md:${m.line} ${m.path}`),
      [],
      'docs/architecture.md names paths that are not in the repository',
    );
  });
});
