// Printing a benchmark's figures as a table and keeping them as JSON under .data/bench/.
import fs from 'node:fs';
import path from 'node:path';

/**
 * A plain-text table; numbers are right-aligned.
 * @param {string[]} header
 * @param {Array<Array<string | number>>} rows
 */
export function formatTable(header, rows) {
  const cells = [header, ...rows.map((row) => row.map((cell) => String(cell)))];
  const widths = header.map((_, i) => Math.max(...cells.map((row) => row[i].length)));
  const numeric = header.map((_, i) => rows.every((row) => typeof row[i] === 'number'));
  const line = (/** @type {string[]} */ row) =>
    row
      .map((cell, i) => (numeric[i] ? cell.padStart(widths[i]) : cell.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  return [line(cells[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join(
    '\n',
  );
}

/**
 * @param {string} file
 * @param {unknown} data
 */
export function writeJson(file, data) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
}

/**
 * The run with the highest throughput: on a shared, noisy machine the best run is the one least
 * disturbed by others, for every target alike.
 * @template {{ requestsPerSecond: number }} T
 * @param {T[]} runs
 * @returns {T}
 */
export function bestRun(runs) {
  return runs.reduce((best, run) => (run.requestsPerSecond > best.requestsPerSecond ? run : best));
}

/** @param {number} value */
export const oneDecimal = (value) => Math.round(value * 10) / 10;
