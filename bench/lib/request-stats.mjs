// What a load benchmark (soak, capacity) counts: every request by route kind (its time, its status, the error code of a refusal)
// and the payments, then the table it prints.
import { formatTable, oneDecimal } from './report.mjs';

/** The value at quantile `q` (0–1) of sorted numbers. */
function quantile(sorted, q) {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
}

/** p50, p95 and p99 of a route kind's times, in ms. */
function percentiles(ms) {
  const sorted = [...ms].sort((a, b) => a - b);
  return {
    p50: oneDecimal(quantile(sorted, 0.5)),
    p95: oneDecimal(quantile(sorted, 0.95)),
    p99: oneDecimal(quantile(sorted, 0.99)),
  };
}

/** @param {Map<number, number>} statuses */
const failures = (statuses) =>
  [...statuses].filter(([s]) => s === 0 || s >= 400).reduce((n, [, c]) => n + c, 0);

export class RequestStats {
  /** @type {Map<string, { ms: number[], statuses: Map<number, number> }>} */
  kinds = new Map();
  /** @type {Map<string, number>} "status CODE" → how many */
  errors = new Map();
  requests = 0;
  /** Orders the sandbox took money for, and those that became a plan. */
  payments = { paid: 0, settled: 0, lost: /** @type {string[]} */ ([]) };

  /**
   * @param {string} kind  what the request was for (sign-in, browse, search, title, grant, playlist,
   *   segment, heartbeat, pay)
   * @param {number} ms
   * @param {number} status  0 when no answer came (connection refused, timeout)
   * @param {string} [code]  the error code of a refusal's body
   */
  record(kind, ms, status, code) {
    this.requests++;
    const entry = this.kinds.get(kind) ?? { ms: [], statuses: new Map() };
    this.kinds.set(kind, entry);
    entry.ms.push(ms);
    entry.statuses.set(status, (entry.statuses.get(status) ?? 0) + 1);
    if (status === 0 || status >= 400) {
      const key = `${status || 'no answer'} ${code ?? ''}`.trim();
      this.errors.set(key, (this.errors.get(key) ?? 0) + 1);
    }
  }

  get serverErrors() {
    let count = 0;
    for (const { statuses } of this.kinds.values())
      for (const [status, n] of statuses) if (status >= 500) count += n;
    return count;
  }

  /** Per route kind: requests, errors, p50/p95/p99 in ms. */
  table() {
    const rows = [...this.kinds.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([kind, { ms, statuses }]) => {
        const { p50, p95, p99 } = percentiles(ms);
        return [kind, ms.length, failures(statuses), p50, p95, p99];
      });
    return formatTable(['route kind', 'requests', 'errors', 'p50 ms', 'p95 ms', 'p99 ms'], rows);
  }

  summary() {
    return {
      requests: this.requests,
      serverErrors: this.serverErrors,
      errors: Object.fromEntries(this.errors),
      payments: { paid: this.payments.paid, settled: this.payments.settled, lost: this.payments.lost.length },
      routes: Object.fromEntries(
        [...this.kinds.entries()].map(([kind, { ms, statuses }]) => [
          kind,
          { requests: ms.length, statuses: Object.fromEntries(statuses), ...percentiles(ms) },
        ]),
      ),
    };
  }
}
