// bench:catalog's search load: autocannon asking one term after another, latency from each answer,
// and the CPU each request cost every process involved (the catalog's Postgres backends included).
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import pg from 'pg';
import { cpuSeconds } from '../lib/processes.mjs';
import { oneDecimal } from '../lib/report.mjs';

/**
 * The CPU time of the Postgres backends serving one database (the catalog's pool), read from /proc:
 * search's largest cost, which the app processes' own figures do not show.
 */
export class DatabaseBackends {
  /** @param {string} databaseUrl  @param {string} name */
  constructor(databaseUrl, name) {
    this.name = name;
    this.pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  }

  /** @returns {Promise<Map<number, number>>} CPU seconds so far, by backend pid */
  async cpu() {
    const { rows } = await this.pool.query(
      'SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [this.name],
    );
    const seconds = new Map();
    for (const { pid } of rows) {
      const used = cpuSeconds(pid);
      if (used !== undefined) seconds.set(pid, used);
    }
    return seconds;
  }

  /**
   * Seconds spent between two readings; a backend started in between counts whole, one gone is lost.
   * @param {Map<number, number>} before
   * @param {Map<number, number>} after
   */
  static spent(before, after) {
    let total = 0;
    for (const [pid, seconds] of after) total += seconds - (before.get(pid) ?? 0);
    return total;
  }

  end() {
    return this.pool.end();
  }
}

/**
 * Search at `connections`, each request taking the next term from `nextTerm`. Latency is taken from
 * each response, as bench/lib/load.mjs does.
 * @param {{ url: string, connections: number, nextTerm: () => string, duration?: number, amount?: number, processes: Record<string, number>, database?: DatabaseBackends, signal?: AbortSignal }} o
 */
export async function measureSearch({
  url,
  connections,
  nextTerm,
  duration,
  amount,
  processes,
  database,
  signal,
}) {
  /** @type {number[]} */
  const latencies = [];
  const before = Object.fromEntries(Object.entries(processes).map(([name, pid]) => [name, cpuSeconds(pid)]));
  const databaseBefore = await database?.cpu();
  const ownBefore = process.cpuUsage();
  const started = performance.now();
  let lastAnswer = started;
  const result = await new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections,
        ...(amount ? { amount } : { duration }),
        timeout: 10,
        requests: [
          {
            setupRequest: (/** @type {{ path: string }} */ request) => {
              request.path = `/api/home/search?q=${encodeURIComponent(nextTerm())}`;
              return request;
            },
          },
        ],
      },
      (/** @type {Error | null} */ error, /** @type {any} */ outcome) =>
        error ? reject(error) : resolve(outcome),
    );
    const stop = () => instance.stop();
    signal?.addEventListener('abort', stop, { once: true });
    instance.on('response', (_client, _status, _bytes, /** @type {number} */ ms) => {
      latencies.push(ms);
      lastAnswer = performance.now();
    });
  });
  latencies.sort((a, b) => a - b);
  const at = (/** @type {number} */ p) =>
    oneDecimal(latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)] ?? 0);
  /** @type {Record<string, number>} */
  const cpuMicrosPerRequest = {};
  for (const [name, pid] of Object.entries(processes)) {
    const end = cpuSeconds(pid);
    const start = before[name];
    if (start !== undefined && end !== undefined && latencies.length)
      cpuMicrosPerRequest[name] = Math.round(((end - start) * 1e6) / latencies.length);
  }
  if (database && databaseBefore && latencies.length) {
    const spent = DatabaseBackends.spent(databaseBefore, await database.cpu());
    cpuMicrosPerRequest.postgres = Math.round((spent * 1e6) / latencies.length);
  }
  if (latencies.length) {
    const own = process.cpuUsage(ownBefore);
    cpuMicrosPerRequest.autocannon = Math.round((own.user + own.system) / latencies.length);
  }
  return {
    // From the start to the last answer: autocannon's own duration, and its end, come in whole seconds.
    requestsPerSecond: Math.round(latencies.length / ((lastAnswer - started) / 1000 || 1)),
    requests: latencies.length,
    p50Ms: at(50),
    p95Ms: at(95),
    p99Ms: at(99),
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    cpuMicrosPerRequest,
  };
}
