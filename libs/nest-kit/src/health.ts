import { createServer, type Server } from 'node:http';
import type { HealthCheckResult, ServiceHealthReport } from '@chitram/contracts';
import { METRICS_CONTENT_TYPE, metricsText } from './metrics';
import type { RejectedMessages } from './rejected-messages';

export type HealthCheck = () => Promise<void>;

const CHECK_TIMEOUT_MS = 1000;

function withTimeout(check: HealthCheck): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  return Promise.race([check(), timeout]).finally(() => clearTimeout(timer));
}

/** The readiness checks of one app (its database, Redis, storage...), run together with a time limit each. */
export class HealthRegistry {
  private readonly checks = new Map<string, HealthCheck>();
  private readonly startedAt = Date.now();
  private stopping = false;

  constructor(
    readonly service: string,
    private readonly rejections?: RejectedMessages,
  ) {}

  register(name: string, check: HealthCheck): void {
    this.checks.set(name, check);
  }

  /**
   * From now on readiness is down: the app is on its way out (SIGTERM), so an orchestrator or a
   * supervisor sends it nothing new while it finishes what it has.
   */
  markStopping(): void {
    this.stopping = true;
  }

  async report(): Promise<ServiceHealthReport> {
    // Stopping, its checks are beside the point (and its database may be closed already).
    const checks: Array<[string, HealthCheck]> = this.stopping ? [] : [...this.checks];
    const entries = await Promise.all(
      checks.map(async ([name, check]): Promise<[string, HealthCheckResult]> => {
        try {
          await withTimeout(check);
          return [name, { status: 'up' }];
        } catch (error) {
          return [name, { status: 'down', error: error instanceof Error ? error.message : String(error) }];
        }
      }),
    );
    if (this.stopping) entries.push(['shutdown', { status: 'down', error: 'the service is stopping' }]);
    const report: ServiceHealthReport = {
      service: this.service,
      status: entries.every(([, r]) => r.status === 'up') ? 'up' : 'down',
      checks: Object.fromEntries(entries),
      uptimeSeconds: Math.round((Date.now() - this.startedAt) / 1000),
    };
    if (this.rejections) report.rejectedMessages = this.rejections.counts();
    return report;
  }
}

/**
 * Liveness (`/health/live`: the process answers) and readiness (`/health/ready`: every check passes)
 * over plain HTTP, for orchestrators that do not speak NATS; and the app's Prometheus metrics
 * (`/metrics`, metrics.ts), on this internal port rather than any public one.
 */
export function startHealthServer(port: number, registry: HealthRegistry, host = '0.0.0.0'): Promise<Server> {
  const server = createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.url === '/health/live') return send(200, { status: 'up' });
    if (req.url === '/health/ready') {
      registry.report().then(
        (report) => send(report.status === 'up' ? 200 : 503, report),
        () => send(503, { status: 'down' }),
      );
      return;
    }
    if (req.url === '/metrics') {
      metricsText().then(
        (text) => {
          res.writeHead(200, { 'content-type': METRICS_CONTENT_TYPE });
          res.end(text);
        },
        () => send(500, { code: 'INTERNAL', message: 'The metrics could not be read.' }),
      );
      return;
    }
    send(404, { code: 'ROUTE_NOT_FOUND', message: 'Not found.' });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
