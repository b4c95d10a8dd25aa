import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { collectProcessMetrics, metricsRegistry } from '@chitram/nest-kit';
import { parse } from 'yaml';
import { WORKSPACE_ROOT, workspaceApps } from './workspace';

/**
 * deploy/observability: the alert rules pass promtool (Debian's `prometheus` package ships it; .ci/run
 * installs it), with a test case per alert; the dashboards are what dashboards.mjs writes, one per
 * back end and one for the platform; every metric a rule or a panel reads is one an app serves.
 */
const DIR = path.join(WORKSPACE_ROOT, 'deploy', 'observability');

function promtool(...args: string[]): string {
  const run = spawnSync('promtool', args, { cwd: DIR, encoding: 'utf8' });
  if (run.error && (run.error as NodeJS.ErrnoException).code === 'ENOENT')
    throw new Error(
      "promtool is not installed: it comes with Debian's prometheus package (apt-get install prometheus), as .ci/run installs it",
    );
  if (run.status !== 0) throw new Error(`promtool ${args.join(' ')} failed:\n${run.stdout}${run.stderr}`);
  return run.stdout;
}

/** Every non-test source file under a folder. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !/\.(integration-)?spec\.ts$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
}

/** The metric names the apps serve: the kit's (and prom-client's process metrics), and the services' own. */
function servedMetrics(): Set<string> {
  collectProcessMetrics();
  const names = new Set(metricsRegistry.getMetricsAsArray().map((m) => m.name));
  const services = path.join(WORKSPACE_ROOT, 'services');
  for (const file of readdirSync(services).flatMap((s) => sources(path.join(services, s, 'src')))) {
    for (const match of readFileSync(file, 'utf8').matchAll(/name: '(chitram_[a-z0-9_]+)'/g))
      names.add(match[1]);
  }
  names.add('up'); // Prometheus's own, per target
  return names;
}

/** The metric names a PromQL expression reads (ours, the process's, and `up`). */
function metricsIn(expr: string): string[] {
  return [...expr.matchAll(/\b((?:chitram|nodejs|process)_[a-z0-9_]+|up(?=\{))/g)].map((m) => m[1]);
}

function unknownMetrics(expr: string, served: Set<string>): string[] {
  return metricsIn(expr).filter(
    (name) => !served.has(name) && !served.has(name.replace(/_(bucket|count|sum)$/, '')),
  );
}

interface Rules {
  groups: Array<{ rules: Array<{ alert: string; expr: string }> }>;
}
interface RuleTests {
  tests: Array<{ alert_rule_test?: Array<{ alertname: string; exp_alerts: unknown[] }> }>;
}
interface Dashboard {
  uid: string;
  panels: Array<{ title: string; targets: Array<{ expr: string }> }>;
}

describe('deploy/observability', () => {
  const rules = parse(readFileSync(path.join(DIR, 'alerts.yml'), 'utf8')) as Rules;
  const alerts = rules.groups.flatMap((g) => g.rules);
  const served = servedMetrics();

  it('has alert rules promtool accepts', () => {
    expect(promtool('check', 'rules', 'alerts.yml')).toContain('SUCCESS');
  });

  it('has a promtool test case that fires each alert, and all pass', () => {
    const tests = parse(readFileSync(path.join(DIR, 'alerts.test.yml'), 'utf8')) as RuleTests;
    const fired = new Set(
      tests.tests.flatMap((t) =>
        (t.alert_rule_test ?? []).filter((a) => a.exp_alerts.length > 0).map((a) => a.alertname),
      ),
    );
    expect(alerts.map((a) => a.alert).filter((name) => !fired.has(name))).toEqual([]);
    expect(promtool('test', 'rules', 'alerts.test.yml')).toContain('SUCCESS');
  });

  it('alerts on what the issue asks: an app down, 5xx, p95, outbox age, transcode wait, reconciliation, payments', () => {
    const exprs = alerts.map((a) => a.expr).join('\n');
    for (const metric of [
      'up',
      'chitram_http_request_duration_seconds_count',
      'chitram_http_request_duration_seconds_bucket',
      'chitram_outbox_oldest_unpublished_age_seconds',
      'chitram_jobs_oldest_queued_age_seconds',
      'chitram_billing_reconciliations_total',
      'chitram_payments_total',
    ])
      expect(metricsIn(exprs)).toContain(metric);
  });

  it('reads in its rules only metrics the apps serve', () => {
    expect(alerts.flatMap((a) => unknownMetrics(a.expr, served).map((m) => `${a.alert}: ${m}`))).toEqual([]);
  });

  it('has the dashboards dashboards.mjs writes, up to date', () => {
    execFileSync(process.execPath, [path.join(DIR, 'dashboards.mjs'), '--check'], { stdio: 'pipe' });
  });

  it('has a dashboard for each back end and one for the platform, each panel reading metrics the apps serve', () => {
    const files = readdirSync(path.join(DIR, 'dashboards')).sort();
    const backEnds = workspaceApps()
      .filter((app) => app.kind !== 'frontend')
      .map((app) => app.name);
    expect(files).toEqual(
      expect.arrayContaining([...backEnds, 'media-worker', 'platform'].map((name) => `${name}.json`)),
    );
    const problems = files.flatMap((file) => {
      const dashboard = JSON.parse(readFileSync(path.join(DIR, 'dashboards', file), 'utf8')) as Dashboard;
      return dashboard.panels.flatMap((panel) => {
        if (!panel.targets.length) return [`${file} "${panel.title}": no query`];
        return panel.targets.flatMap((t) => {
          const names = metricsIn(t.expr);
          if (!names.length) return [`${file} "${panel.title}": reads no metric`];
          return unknownMetrics(t.expr, served).map((m) => `${file} "${panel.title}": ${m} is not served`);
        });
      });
    });
    expect(problems).toEqual([]);
  });
});
