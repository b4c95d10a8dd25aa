// Keeps the code's citations of the product documents honest: every `SPEC §N`, `DECISIONS Dn` (and a
// bare `Dn`) and `ARCHITECTURE rule N` in a tracked source file must resolve to a heading of
// docs/product.md, a record in docs/decisions/ or a rule or section of docs/architecture.md.
// It also checks the documents themselves: product.md's sections, the decision records' parts, and the
// links between the pages. Run: node --test docs/
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const DOCS_DIR = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.dirname(DOCS_DIR);
const DECISIONS_DIR = path.join(DOCS_DIR, 'decisions');
const SOURCE_EXTENSIONS = new Set(['.ts', '.tsx', '.mjs', '.js', '.md']);
/** Directories a tree walk skips when the checkout is not a git repository. */
const UNTRACKED_DIRS = new Set(['node_modules', '.git', 'dist', '.data', '.nx', 'coverage']);

/** The sections product.md must always keep: SPEC's numbering, which the code cites. */
const REQUIRED_SECTIONS = [
  ...Array.from({ length: 9 }, (_, i) => `${i + 1}`),
  ...Array.from({ length: 13 }, (_, i) => `2.${i + 1}`),
  ...Array.from({ length: 7 }, (_, i) => `4.${i + 1}`),
];
/**
 * The decisions that must have a record: D1–D34 and D36–D38, numbered as DECISIONS.md numbers them
 * (D35, encrypted segments, comes with its issue; D33, promotions, came with issue 26; D37, profiles,
 * and D38, upgrades that credit unused time, are ours).
 */
const REQUIRED_DECISIONS = [...Array.from({ length: 34 }, (_, i) => i + 1), 36, 37, 38];
const STATUSES = new Set(['accepted', 'proposed', 'superseded', 'deprecated']);

// ---- reading citations -------------------------------------------------------------------------

const NUM = String.raw`\d+(?:\.\d+)*`;
/** Between the items of a list: spaces, line breaks and comment leaders (`//`, ` * `). */
const GAP = String.raw`[\s/*]*`;
const SEP = String.raw`(?:[,;&]|\band\b|\bor\b)?`;

/** `SPEC §2.4`, `SPEC §2.4, §5`, `SPEC §4.7 / §8`, `SPEC §2.3–2.6`, `SPEC §4.1-§4.3`. */
const SPEC_RE = new RegExp(
  String.raw`\bSPEC(?:\.md)?${GAP}§\s*${NUM}(?:\s*–\s*§?\s*${NUM}|-§?${NUM}|${GAP}${SEP}${GAP}§\s*${NUM})*`,
  'g',
);
const SPEC_ITEM_RE = new RegExp(String.raw`(?:(–|-)\s*§?|§)\s*(${NUM})`, 'g');

/** `DECISIONS D7`, `DECISIONS D2–D9, D15, D26`, `DECISIONS D20-D24`, `DECISIONS D20–24`. */
const DECISIONS_RE = new RegExp(
  String.raw`\bDECISIONS(?:\.md)?${GAP}D\d+(?:\s*–\s*D?\d+|-D?\d+|${GAP}${SEP}${GAP}D\d+)*`,
  'g',
);
const DECISION_ITEM_RE = /(?:(–|-)\s*D?|D)(\d+)/g;
/** A decision named without the DECISIONS prefix, as in `(D23)` or `D5–D7`. */
const BARE_DECISION_RE = /(?<![\w$@#.-])D(\d{1,3})(?:\s*–\s*D?(\d{1,3})|-D(\d{1,3}))?(?![\w$]|\.\w)/g;

/** `ARCHITECTURE rule 8`, `ARCHITECTURE rules 3 and 4`, `ARCHITECTURE "How it runs"`. */
const ARCHITECTURE_RULE_RE = /\bARCHITECTURE(?:\.md)?\s+rules?\s+(\d+(?:\s*(?:,|and|&|–|-)\s*\d+)*)/g;
const ARCHITECTURE_SECTION_RE = /\bARCHITECTURE(?:\.md)?\s+(?:section\s+)?["“]([^"”\n]+)["”]/g;

/** 1-based line of a character offset. */
function lineAt(text, offset) {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/** Every number from `from` to `to` (section numbers such as 2.3–2.6 vary in their last part). */
function expandRange(from, to) {
  const a = from.split('.');
  let b = to.split('.');
  if (b.length < a.length) b = [...a.slice(0, a.length - b.length), ...b];
  const samePrefix = a.length === b.length && a.slice(0, -1).join('.') === b.slice(0, -1).join('.');
  const first = Number(a.at(-1));
  const last = Number(b.at(-1));
  if (!samePrefix || last < first || last - first > 100) return [from, b.join('.')];
  const prefix = a.slice(0, -1);
  return Array.from({ length: last - first + 1 }, (_, i) => [...prefix, String(first + i)].join('.'));
}

/**
 * Every citation in a text, each as { kind: 'spec' | 'decision' | 'rule' | 'section', ref, line, cited }:
 * `ref` the section, decision number, rule number or section title; `cited` the text as written.
 */
export function findCitations(text) {
  const found = [];
  const add = (kind, ref, offset, cited) => found.push({ kind, ref, line: lineAt(text, offset), cited });

  for (const match of text.matchAll(SPEC_RE)) {
    let previous;
    for (const item of match[0].matchAll(SPEC_ITEM_RE)) {
      const [, dash, number] = item;
      const offset = match.index + item.index;
      const refs = dash && previous ? expandRange(previous, number).slice(1) : [number];
      for (const ref of refs) add('spec', ref, offset, match[0].trim());
      previous = number;
    }
  }

  const covered = [];
  for (const match of text.matchAll(DECISIONS_RE)) {
    covered.push([match.index, match.index + match[0].length]);
    let previous;
    for (const item of match[0].matchAll(DECISION_ITEM_RE)) {
      const [, dash, digits] = item;
      const number = Number(digits);
      const offset = match.index + item.index;
      const numbers =
        dash && previous !== undefined
          ? Array.from({ length: Math.max(0, number - previous) }, (_, i) => previous + i + 1)
          : [number];
      for (const n of numbers) add('decision', n, offset, match[0].trim());
      previous = number;
    }
  }
  for (const match of text.matchAll(BARE_DECISION_RE)) {
    if (covered.some(([start, end]) => match.index >= start && match.index < end)) continue;
    const first = Number(match[1]);
    const last = Number(match[2] ?? match[3] ?? match[1]);
    const numbers =
      last > first && last - first <= 100
        ? Array.from({ length: last - first + 1 }, (_, i) => first + i)
        : [first, last];
    for (const n of new Set(numbers)) add('decision', n, match.index, match[0]);
  }

  for (const match of text.matchAll(ARCHITECTURE_RULE_RE)) {
    const numbers = [];
    for (const item of match[1].matchAll(/(–|-)?\s*(\d+)/g)) {
      const n = Number(item[2]);
      const from = numbers.at(-1);
      if (item[1] && from !== undefined) for (let k = from + 1; k <= n; k++) numbers.push(k);
      else numbers.push(n);
    }
    for (const n of numbers) add('rule', n, match.index, match[0]);
  }
  for (const match of text.matchAll(ARCHITECTURE_SECTION_RE)) add('section', match[1], match.index, match[0]);
  return found;
}

// ---- reading the documents ---------------------------------------------------------------------

const read = (file) => readFileSync(file, 'utf8');

/** Markdown headings outside fenced code blocks: { level, text, line }. */
function headings(markdown) {
  const list = [];
  let fenced = false;
  markdown.split('\n').forEach((line, i) => {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const match = !fenced && /^(#{1,6})\s+(.+?)\s*#*\s*$/.exec(line);
    if (match) list.push({ level: match[1].length, text: match[2], line: i + 1 });
  });
  return list;
}

/** Section numbers of product.md: `## 2. Screens and routes` → 2, `### 2.4 Header` → 2.4. */
function productSections() {
  const numbers = [];
  for (const { level, text } of headings(read(path.join(DOCS_DIR, 'product.md')))) {
    const match = level >= 2 && /^(\d+(?:\.\d+)*)\.?\s+\S/.exec(text);
    if (match) numbers.push(match[1]);
  }
  return numbers;
}

/** The decision records: { number, file }. */
function decisionRecords() {
  return readdirSync(DECISIONS_DIR)
    .filter((file) => file.endsWith('.md'))
    .map((file) => ({ file, number: /^D(\d+)-/.exec(file) ? Number(/^D(\d+)-/.exec(file)[1]) : NaN }));
}

/** The numbered rules under architecture.md's "Rules of the road" heading. */
function architectureRules(markdown) {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => /^#{2,}\s+Rules of the road\b/i.test(line));
  if (start === -1) return [];
  const level = /^(#+)/.exec(lines[start])[1].length;
  const rules = [];
  for (const line of lines.slice(start + 1)) {
    const heading = /^(#+)\s/.exec(line);
    if (heading && heading[1].length <= level) break;
    const item = /^(\d+)\.\s+\S/.exec(line);
    if (item) rules.push(Number(item[1]));
  }
  return rules;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function slug(text) {
  return text
    .toLowerCase()
    .replace(/<[^>]*>/g, '')
    .replace(/[^\p{L}\p{N}\- ]/gu, '')
    .replace(/ /g, '-');
}

function anchors(markdown) {
  const seen = new Map();
  const list = new Set();
  for (const { text } of headings(markdown)) {
    const base = slug(text);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    list.add(count === 0 ? base : `${base}-${count}`);
  }
  return list;
}

/** Repository files to scan, relative to the root, with forward slashes. */
function sourceFiles() {
  let files;
  try {
    files = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 << 20 })
      .split('\0')
      .filter(Boolean);
  } catch {
    // Not a git checkout (an exported tree): walk it instead.
    files = [];
    const walk = (dir) => {
      for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
        const relative = dir ? `${dir}/${entry.name}` : entry.name;
        if (entry.isDirectory()) {
          if (!UNTRACKED_DIRS.has(entry.name)) walk(relative);
        } else files.push(relative);
      }
    };
    walk('');
  }
  return files.filter(
    (file) =>
      SOURCE_EXTENSIONS.has(path.extname(file)) &&
      !file.startsWith('docs/') &&
      path.basename(file) !== 'package-lock.json' &&
      existsSync(path.join(ROOT, file)),
  );
}

/** Every citation that does not resolve, as `file:line: message`. */
function danglingCitations(citations) {
  const sections = new Set(productSections());
  const decisions = new Set(decisionRecords().map((record) => record.number));
  const architecture = read(path.join(DOCS_DIR, 'architecture.md'));
  const rules = new Set(architectureRules(architecture));
  const titles = new Set(headings(architecture).map((h) => h.text.toLowerCase()));
  const problems = [];
  for (const { file, kind, ref, line, cited } of citations) {
    const where = `${file}:${line}`;
    if (kind === 'spec' && !sections.has(ref))
      problems.push(`${where}: "${cited}" cites SPEC §${ref}, which is no heading of docs/product.md`);
    if (kind === 'decision' && !decisions.has(ref))
      problems.push(`${where}: "${cited}" cites D${ref}, which has no record in docs/decisions/`);
    if (kind === 'rule' && !rules.has(ref))
      problems.push(`${where}: "${cited}" cites rule ${ref}, which docs/architecture.md does not have`);
    if (kind === 'section' && !titles.has(ref.toLowerCase()))
      problems.push(`${where}: "${cited}" names a section docs/architecture.md does not have`);
  }
  return problems;
}

function failWith(problems, what) {
  if (problems.length > 0) assert.fail(`${problems.length} ${what}:\n  ${problems.join('\n  ')}`);
}

// ---- the checks --------------------------------------------------------------------------------

describe('reading citations', () => {
  const refs = (text, kind) =>
    findCitations(text)
      .filter((c) => c.kind === kind)
      .map((c) => c.ref);

  it('reads SPEC sections, lists and ranges, and nothing that is not SPEC', () => {
    assert.deepEqual(refs('// SPEC §2.4', 'spec'), ['2.4']);
    assert.deepEqual(refs('(SPEC §2.4, §5; DECISIONS D9)', 'spec'), ['2.4', '5']);
    assert.deepEqual(refs('SPEC §4.7 / §8 and SPEC §2.4/§5.', 'spec'), ['4.7', '8', '2.4', '5']);
    assert.deepEqual(refs('SPEC §2.3–2.6, §2.12', 'spec'), ['2.3', '2.4', '2.5', '2.6', '2.12']);
    assert.deepEqual(refs('SPEC §4.1-§4.3', 'spec'), ['4.1', '4.2', '4.3']);
    assert.deepEqual(refs("SPEC's shows; RFC 9110 §7.6.1; SPEC §9.", 'spec'), ['9']);
  });

  it('reads DECISIONS lists and ranges, and bare Dn references', () => {
    assert.deepEqual(refs('DECISIONS D2–D4, D15, D26.', 'decision'), [2, 3, 4, 15, 26]);
    assert.deepEqual(refs('DECISIONS D20-D24', 'decision'), [20, 21, 22, 23, 24]);
    assert.deepEqual(refs('DECISIONS D14, D16–D19', 'decision'), [14, 16, 17, 18, 19]);
    assert.deepEqual(refs('the stream link stays out (D23); D5–D7 too', 'decision'), [23, 5, 6, 7]);
    assert.deepEqual(refs('a 3D model, KEY_D2, D3.js, #D4', 'decision'), []);
  });

  it('reads ARCHITECTURE rules and sections, with their line', () => {
    const found = findCitations('one\n// (ARCHITECTURE rule 8) and ARCHITECTURE "How it runs"');
    assert.deepEqual(
      found.map((c) => [c.kind, c.ref, c.line]),
      [
        ['rule', 8, 2],
        ['section', 'How it runs', 2],
      ],
    );
  });
});

describe('the documents', () => {
  it('product.md keeps every section of SPEC: §1–§9, §2.1–§2.13, §4.1–§4.7, each once', () => {
    const sections = productSections();
    const missing = REQUIRED_SECTIONS.filter((n) => !sections.includes(n));
    assert.deepEqual(missing, [], `product.md lacks the headings ${missing.map((n) => `§${n}`).join(', ')}`);
    const repeated = sections.filter((n, i) => sections.indexOf(n) !== i);
    assert.deepEqual(repeated, [], `product.md repeats the headings ${repeated.join(', ')}`);
  });

  it('has one record per decision D1–D32, D34 and D36–D38, named Dnn-short-slug.md', () => {
    const records = decisionRecords();
    const badNames = records.filter(({ file }) => !/^D\d{2,}-[a-z0-9]+(?:-[a-z0-9]+)*\.md$/.test(file));
    assert.deepEqual(
      badNames.map((r) => r.file),
      [],
      'decision records are named Dnn-short-slug.md',
    );
    const numbers = records.map((r) => r.number);
    assert.deepEqual(
      REQUIRED_DECISIONS.filter((n) => !numbers.includes(n)).map((n) => `D${n}`),
      [],
      'missing records',
    );
    assert.deepEqual(
      numbers.filter((n, i) => numbers.indexOf(n) !== i).map((n) => `D${n}`),
      [],
      'numbers with more than one record',
    );
  });

  it('gives every decision record its parts: title with its number, Status, Context, Decision, Consequences or Reason', () => {
    const problems = [];
    for (const { file, number } of decisionRecords()) {
      const text = read(path.join(DECISIONS_DIR, file));
      const sections = headings(text);
      const title = sections[0];
      if (!title || title.level !== 1 || !new RegExp(String.raw`^D${number}\.\s+\S`).test(title.text))
        problems.push(`${file}: the first heading must be "# D${number}. <title>"`);
      const status = /^\s*(?:[-*]\s+)?(?:\*\*)?Status:?(?:\*\*)?:?\s*(\w+)/im.exec(text);
      if (!status || !STATUSES.has(status[1].toLowerCase()))
        problems.push(`${file}: needs a Status line (${[...STATUSES].join(', ')})`);
      const parts = [
        ['Context', /^Context$/i],
        ['Decision', /^Decision$/i],
        ['Consequences or Reason', /^(Consequences|Reasons?)$/i],
      ];
      const lines = text.split('\n');
      for (const [name, pattern] of parts) {
        const at = sections.findIndex((h) => h.level === 2 && pattern.test(h.text));
        if (at === -1) {
          problems.push(`${file}: needs a "## ${name}" section`);
          continue;
        }
        const end = sections[at + 1]?.line ?? lines.length + 1;
        const body = lines.slice(sections[at].line, end - 1).join('\n');
        if (!body.trim()) problems.push(`${file}: the "## ${sections[at].text}" section is empty`);
      }
    }
    failWith(problems, 'incomplete decision records');
  });

  it('architecture.md has the ten rules of the road, numbered 1–10', () => {
    assert.deepEqual(
      architectureRules(read(path.join(DOCS_DIR, 'architecture.md'))),
      Array.from({ length: 10 }, (_, i) => i + 1),
    );
  });

  it('links between the pages of docs/ resolve, anchors included', () => {
    const problems = [];
    const pages = [];
    const walk = (dir) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (entry.name.endsWith('.md')) pages.push(full);
      }
    };
    walk(DOCS_DIR);
    for (const page of pages) {
      const text = read(page);
      for (const match of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = match[1];
        if (/^[a-z]+:/i.test(target)) continue;
        const [file, anchor] = target.split('#');
        const resolved = file ? path.resolve(path.dirname(page), file) : page;
        const where = `${path.relative(ROOT, page)}:${lineAt(text, match.index)}`;
        if (!existsSync(resolved)) problems.push(`${where}: ${target} does not exist`);
        else if (anchor && resolved.endsWith('.md') && !anchors(read(resolved)).has(anchor))
          problems.push(`${where}: ${target} names no heading of ${path.relative(ROOT, resolved)}`);
      }
    }
    failWith(problems, 'broken links');
  });

  it("docs' own citations resolve", () => {
    const citations = [];
    for (const page of ['README.md', 'product.md', 'architecture.md']) {
      for (const c of findCitations(read(path.join(DOCS_DIR, page))))
        citations.push({ ...c, file: `docs/${page}` });
    }
    for (const { file } of decisionRecords()) {
      for (const c of findCitations(read(path.join(DECISIONS_DIR, file))))
        citations.push({ ...c, file: `docs/decisions/${file}` });
    }
    failWith(danglingCitations(citations), 'dangling citations in docs/');
  });
});

describe('citations in the code', () => {
  it('every SPEC §, DECISIONS D and ARCHITECTURE citation in a tracked source file resolves', (t) => {
    const files = sourceFiles();
    assert.ok(files.length > 0, 'no source files found: is this the repository root?');
    const citations = [];
    for (const file of files) {
      for (const c of findCitations(read(path.join(ROOT, file)))) citations.push({ ...c, file });
    }
    const count = (kind) => citations.filter((c) => c.kind === kind).length;
    const citing = new Set(citations.map((c) => c.file)).size;
    t.diagnostic(
      `${files.length} files scanned, ${citing} citing: ${count('spec')} SPEC sections, ` +
        `${count('decision')} decisions, ${count('rule') + count('section')} ARCHITECTURE references`,
    );
    assert.ok(citations.length > 0, 'no citations found at all: the scanner is broken');
    failWith(danglingCitations(citations), 'dangling citations');
  });
});
