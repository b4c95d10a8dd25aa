// Load with autocannon: a warm-up whose figures are thrown away, then a measured run. Latencies are
// taken from each response (autocannon's own histogram keeps whole milliseconds only, too coarse for a
// server answering in 1-2 ms).
import autocannon from 'autocannon';
import { cpuSeconds } from './processes.mjs';
import { bestRun } from './report.mjs';

/**
 * @typedef {object} LoadFigures
 * @property {number} requestsPerSecond  mean of the per-second samples, as autocannon reports it
 * @property {number} requests  completed in the measured run
 * @property {number} seconds  length of the measured run
 * @property {number} p50Ms
 * @property {number} p95Ms
 * @property {number} p99Ms
 * @property {number} maxMs
 * @property {number} errors  connection errors and timeouts
 * @property {number} non2xx
 * @property {number} mismatches  answers whose body was not the expected one
 * @property {Record<string, number>} cpuMicrosPerRequest  CPU time per request of each watched process
 */

/**
 * @param {object} options
 * @param {string} options.url
 * @param {number} options.connections
 * @param {number} options.warmupSeconds
 * @param {number} options.durationSeconds
 * @param {string} [options.expectBody]  every answer must be exactly this text
 * @param {AbortSignal} [options.signal]  stops the load at once (Ctrl-C)
 * @param {Record<string, string>} [options.headers]  sent with every request (a bearer token)
 * @param {Record<string, number>} [options.processes]  pids whose CPU time per request to report, by name
 *   (the load generator itself is always reported, as `autocannon`)
 * @returns {Promise<LoadFigures>}
 */
export async function measureLoad({
  url,
  connections,
  warmupSeconds,
  durationSeconds,
  expectBody,
  signal,
  headers,
  processes = {},
}) {
  if (warmupSeconds > 0)
    await run({ url, connections, duration: warmupSeconds, expectBody, signal, headers });
  const before = Object.fromEntries(Object.entries(processes).map(([name, pid]) => [name, cpuSeconds(pid)]));
  const ownBefore = process.cpuUsage();
  const figures = await run({ url, connections, duration: durationSeconds, expectBody, signal, headers });
  const own = process.cpuUsage(ownBefore);
  const perRequest = (/** @type {number} */ seconds) =>
    Math.round((seconds * 1e6) / Math.max(figures.requests, 1));
  for (const [name, pid] of Object.entries(processes)) {
    const start = before[name];
    const end = cpuSeconds(pid);
    if (start !== undefined && end !== undefined) figures.cpuMicrosPerRequest[name] = perRequest(end - start);
  }
  figures.cpuMicrosPerRequest.autocannon = perRequest((own.user + own.system) / 1e6);
  return figures;
}

/**
 * @param {{ url: string, connections: number, duration: number, expectBody?: string, signal?: AbortSignal, headers?: Record<string, string> }} o
 * @returns {Promise<LoadFigures>}
 */
function run({ url, connections, duration, expectBody, signal, headers }) {
  signal?.throwIfAborted();
  let latencies = new Float64Array(1 << 16);
  let count = 0;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url, connections, duration, expectBody, headers, timeout: 10 },
      (error, result) => {
        signal?.removeEventListener('abort', stop);
        if (error) return reject(error);
        if (signal?.aborted) return reject(signal.reason);
        const sorted = latencies.subarray(0, count).sort();
        resolve({
          requestsPerSecond: result.requests.average,
          requests: result.requests.total,
          seconds: result.duration,
          p50Ms: round(percentile(sorted, 50)),
          p95Ms: round(percentile(sorted, 95)),
          p99Ms: round(percentile(sorted, 99)),
          maxMs: round(sorted[count - 1] ?? 0),
          errors: result.errors + result.timeouts,
          non2xx: result.non2xx,
          mismatches: result.mismatches,
          cpuMicrosPerRequest: {},
        });
      },
    );
    const stop = () => instance.stop();
    signal?.addEventListener('abort', stop, { once: true });
    instance.on('response', (_client, _status, _bytes, responseTime) => {
      if (count === latencies.length) {
        const grown = new Float64Array(latencies.length * 2);
        grown.set(latencies);
        latencies = grown;
      }
      latencies[count++] = responseTime;
    });
  });
}

/**
 * Nearest-rank percentile of sorted values.
 * @param {Float64Array} sorted
 * @param {number} p
 */
function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** @param {number} ms */
const round = (ms) => Math.round(ms * 100) / 100;

/**
 * Loads each target in turn, round after round (never two at once: two cores), so that a noisy
 * moment of the machine touches every target alike. Answers every run and, per target, the best one.
 * @param {object} options
 * @param {Array<{ name: string, url: string, headers?: Record<string, string>, processes?: Record<string, number> }>} options.targets
 * @param {{ rounds: number, connections: number, warmupSeconds: number, durationSeconds: number }} options.settings
 * @param {string} [options.expectBody]
 * @param {AbortSignal} [options.signal]
 * @param {(line: string) => void} options.log
 */
export async function alternateRounds({ targets, settings, expectBody, signal, log }) {
  /** @type {Array<{ target: string, round: number } & LoadFigures>} */
  const runs = [];
  for (let round = 1; round <= settings.rounds; round++) {
    for (const target of targets) {
      log(
        `round ${round}/${settings.rounds}: ${target.name}, ${settings.connections} connections, ` +
          `${settings.warmupSeconds} s warm-up + ${settings.durationSeconds} s ...`,
      );
      const figures = await measureLoad({
        url: target.url,
        connections: settings.connections,
        warmupSeconds: settings.warmupSeconds,
        durationSeconds: settings.durationSeconds,
        expectBody,
        signal,
        headers: target.headers,
        processes: target.processes,
      });
      runs.push({ target: target.name, round, ...figures });
    }
  }
  const best = targets.map((target) => bestRun(runs.filter((run) => run.target === target.name)));
  return { runs, best };
}
