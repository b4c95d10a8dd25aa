/** One sample of Prometheus's text exposition: `name{label="value",...} 12.5`. */
export interface MetricSample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL = /\s*([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"\s*(,|$)/y;

/** Prometheus reads values as Go's ParseFloat does: NaN and Inf in any case (prom-client writes `Nan`). */
function parseValue(text: string, line: string): number {
  const word = text.toLowerCase();
  if (word === '+inf' || word === 'inf') return Infinity;
  if (word === '-inf') return -Infinity;
  if (word === 'nan') return NaN;
  const value = Number(text);
  if (text === '' || Number.isNaN(value)) throw new Error(`not a sample value in: ${line}`);
  return value;
}

function parseLabels(text: string, line: string): Record<string, string> {
  const labels: Record<string, string> = {};
  LABEL.lastIndex = 0;
  while (LABEL.lastIndex < text.length) {
    const at = LABEL.lastIndex;
    const match = LABEL.exec(text);
    if (!match || match.index !== at) throw new Error(`bad labels in: ${line}`);
    labels[match[1]] = match[2].replace(/\\n/g, '\n').replace(/\\"/g, '"').replace(/\\\\/g, '\\');
  }
  return labels;
}

/**
 * Reads Prometheus's text format (version 0.0.4) strictly: every line is a HELP or TYPE comment, or a
 * sample whose metric has a TYPE; anything else throws, naming the line.
 */
export function parseMetrics(text: string): MetricSample[] {
  const typed = new Set<string>();
  const samples: MetricSample[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    if (line.startsWith('#')) {
      const [, keyword, name, type] = line.split(/\s+/);
      if (keyword === 'TYPE') {
        if (!NAME.test(name) || !['counter', 'gauge', 'histogram', 'summary', 'untyped'].includes(type))
          throw new Error(`bad TYPE line: ${line}`);
        typed.add(name);
      }
      continue;
    }
    const brace = line.indexOf('{');
    const close = line.lastIndexOf('}');
    const name = brace >= 0 ? line.slice(0, brace) : line.split(' ')[0];
    if (!NAME.test(name)) throw new Error(`bad metric name in: ${line}`);
    const labels = brace >= 0 ? parseLabels(line.slice(brace + 1, close), line) : {};
    const rest = (brace >= 0 ? line.slice(close + 1) : line.slice(name.length)).trim().split(/\s+/);
    const base = name.replace(/_(bucket|sum|count|total|created)$/, '');
    if (!typed.has(name) && !typed.has(base)) throw new Error(`sample of a metric without TYPE: ${line}`);
    samples.push({ name, labels, value: parseValue(rest[0], line) });
  }
  return samples;
}

/** The sum of the samples named `name` whose labels include `labels` (0 when there are none). */
export function metricValue(
  samples: MetricSample[],
  name: string,
  labels: Record<string, string> = {},
): number {
  return samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);
}

/** Reads and parses an app's `/metrics` on a loopback port. */
export async function scrapeMetrics(port: number): Promise<MetricSample[]> {
  const response = await fetch(`http://127.0.0.1:${port}/metrics`);
  if (response.status !== 200) throw new Error(`/metrics answered ${response.status}`);
  const type = response.headers.get('content-type') ?? '';
  if (!type.startsWith('text/plain')) throw new Error(`/metrics answered ${type}, not text/plain`);
  return parseMetrics(await response.text());
}
