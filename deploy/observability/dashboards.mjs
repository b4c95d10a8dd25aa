#!/usr/bin/env node
// Grafana dashboards of the Chitram platform, one per app and one for the whole platform, written to
// deploy/observability/dashboards/*.json from the panels below:
//
//   node deploy/observability/dashboards.mjs           writes the files
//   node deploy/observability/dashboards.mjs --check   exits 1 when a file differs from what it would write
//
// Every query reads series the apps serve at /metrics (libs/nest-kit/src/metrics.ts and the services'
// counters); deploy/src/observability.spec.ts checks that each metric a panel names exists.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import prettier from 'prettier';

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const DASHBOARD_DIR = path.join(HERE, 'dashboards');

/** The apps Prometheus scrapes, by their `job` label; media's worker is its own. */
export const APPS = ['gateway', 'auth', 'catalog', 'billing', 'media', 'media-worker', 'users'];

const DATASOURCE = { type: 'prometheus', uid: '${datasource}' };

/** A time-series panel of one or more queries: [expr, legend]. */
function panel(title, unit, queries, description = '') {
  return { title, unit, queries, description, type: 'timeseries' };
}
function stat(title, unit, queries, description = '') {
  return { title, unit, queries, description, type: 'stat' };
}

/** What every app has: whether it is up, its process, and the NATS requests it serves and sends. */
function processRow(job) {
  const sel = `job="${job}"`;
  return [
    stat('Instances up', 'none', [[`sum(up{${sel}})`, 'up']]),
    panel('CPU', 'percentunit', [
      [`sum by (instance) (rate(process_cpu_seconds_total{${sel}}[5m]))`, '{{instance}}'],
    ]),
    panel('Resident memory', 'bytes', [[`process_resident_memory_bytes{${sel}}`, '{{instance}}']]),
    panel('Event-loop lag p99', 's', [[`nodejs_eventloop_lag_p99_seconds{${sel}}`, '{{instance}}']]),
    panel('Heap used', 'bytes', [
      [`sum by (instance) (nodejs_heap_size_used_bytes{${sel}})`, '{{instance}}'],
    ]),
  ];
}

function natsRow(job) {
  const sel = `job="${job}"`;
  return [
    panel('NATS requests served by subject and outcome', 'reqps', [
      [
        `sum by (subject, outcome) (rate(chitram_nats_handler_duration_seconds_count{${sel}}[5m]))`,
        '{{subject}} {{outcome}}',
      ],
    ]),
    panel('NATS requests served, p95 by subject', 's', [
      [
        `histogram_quantile(0.95, sum by (subject, le) (rate(chitram_nats_handler_duration_seconds_bucket{${sel}}[5m])))`,
        '{{subject}}',
      ],
    ]),
    panel('NATS requests sent by outcome', 'reqps', [
      [
        `sum by (outcome) (rate(chitram_nats_client_request_duration_seconds_count{${sel}}[5m]))`,
        '{{outcome}}',
      ],
    ]),
    panel('NATS requests sent, p95 by subject', 's', [
      [
        `histogram_quantile(0.95, sum by (subject, le) (rate(chitram_nats_client_request_duration_seconds_bucket{${sel}}[5m])))`,
        '{{subject}}',
      ],
    ]),
  ];
}

function eventsRow(job) {
  const sel = `job="${job}"`;
  return [
    panel('Outbox backlog', 'none', [[`max(chitram_outbox_unpublished_events{${sel}})`, 'unpublished']]),
    panel('Oldest unpublished event', 's', [
      [`max(chitram_outbox_oldest_unpublished_age_seconds{${sel}})`, 'age'],
    ]),
    panel('Events handled by consumer and outcome', 'ops', [
      [
        `sum by (consumer, outcome) (rate(chitram_events_handled_total{${sel}}[5m]))`,
        '{{consumer}} {{outcome}}',
      ],
    ]),
    panel('JetStream consumer lag', 'none', [
      [`max by (consumer) (chitram_jetstream_consumer_pending_messages{${sel}})`, '{{consumer}} pending'],
      [`max by (consumer) (chitram_jetstream_consumer_ack_pending_messages{${sel}})`, '{{consumer}} in hand'],
    ]),
  ];
}

function jobsRow(job) {
  const sel = `job="${job}"`;
  return [
    panel('Jobs queued', 'none', [[`max by (task) (chitram_jobs_queued{${sel}})`, '{{task}}']]),
    panel('Jobs running', 'none', [[`sum by (task) (chitram_jobs_running{${sel}})`, '{{task}}']]),
    panel('Jobs finished by outcome', 'ops', [
      [`sum by (task, outcome) (rate(chitram_jobs_finished_total{${sel}}[15m]))`, '{{task}} {{outcome}}'],
    ]),
    panel('Oldest queued job', 's', [
      [`max by (task) (chitram_jobs_oldest_queued_age_seconds{${sel}})`, '{{task}}'],
    ]),
    panel('Job duration p95', 's', [
      [
        `histogram_quantile(0.95, sum by (task, le) (rate(chitram_job_duration_seconds_bucket{${sel}}[30m])))`,
        '{{task}}',
      ],
    ]),
  ];
}

function httpRow(job) {
  const sel = `job="${job}"`;
  return [
    panel('HTTP requests by route and status', 'reqps', [
      [
        `sum by (route, status) (rate(chitram_http_request_duration_seconds_count{${sel}}[5m]))`,
        '{{route}} {{status}}',
      ],
    ]),
    panel('HTTP 5xx ratio', 'percentunit', [
      [
        `sum(rate(chitram_http_request_duration_seconds_count{${sel}, status=~"5.."}[5m])) / sum(rate(chitram_http_request_duration_seconds_count{${sel}}[5m]))`,
        '5xx',
      ],
    ]),
    panel('HTTP p95 by route', 's', [
      [
        `histogram_quantile(0.95, sum by (route, le) (rate(chitram_http_request_duration_seconds_bucket{${sel}}[5m])))`,
        '{{route}}',
      ],
    ]),
  ];
}

/** What each app counts of its own, beside the kit's. */
const OWN = {
  gateway: httpRow,
  auth: () => [
    panel('OTP sends by outcome', 'ops', [
      ['sum by (outcome) (rate(chitram_otp_sends_total{job="auth"}[5m]))', '{{outcome}}'],
    ]),
  ],
  billing: () => [
    panel('Payments by outcome', 'ops', [
      ['sum by (outcome) (rate(chitram_payments_total{job="billing"}[15m]))', '{{outcome}}'],
    ]),
    panel('Reconciliations by outcome', 'ops', [
      ['sum by (outcome) (rate(chitram_billing_reconciliations_total{job="billing"}[30m]))', '{{outcome}}'],
    ]),
  ],
  media: () => [
    stat('Active screens', 'none', [['max(chitram_active_screens{job="media"})', 'screens']]),
    panel('Screens asked for by outcome', 'ops', [
      ['sum by (outcome) (rate(chitram_screen_requests_total{job="media"}[5m]))', '{{outcome}}'],
    ]),
  ],
};

function platformPanels() {
  const apps = APPS.join('|');
  return [
    stat('Apps up', 'none', [[`sum by (job) (up{job=~"${apps}"})`, '{{job}}']]),
    panel('API requests by status', 'reqps', [
      [
        'sum by (status) (rate(chitram_http_request_duration_seconds_count{job="gateway"}[5m]))',
        '{{status}}',
      ],
    ]),
    panel('API 5xx ratio', 'percentunit', [
      [
        'sum(rate(chitram_http_request_duration_seconds_count{job="gateway", status=~"5.."}[5m])) / sum(rate(chitram_http_request_duration_seconds_count{job="gateway"}[5m]))',
        '5xx',
      ],
    ]),
    panel('API p95', 's', [
      [
        'histogram_quantile(0.95, sum by (le) (rate(chitram_http_request_duration_seconds_bucket{job="gateway"}[5m])))',
        'p95',
      ],
    ]),
    panel('NATS failures by app', 'reqps', [
      ['sum by (job) (rate(chitram_nats_handler_duration_seconds_count{outcome="failed"}[5m]))', '{{job}}'],
    ]),
    panel('Oldest unpublished event by app', 's', [
      ['max by (job) (chitram_outbox_oldest_unpublished_age_seconds)', '{{job}}'],
    ]),
    panel('JetStream consumer lag', 'none', [
      ['max by (consumer) (chitram_jetstream_consumer_pending_messages)', '{{consumer}}'],
    ]),
    panel('Jobs queued', 'none', [['max by (task) (chitram_jobs_queued)', '{{task}}']]),
    panel('Payments by outcome', 'ops', [
      ['sum by (outcome) (rate(chitram_payments_total[15m]))', '{{outcome}}'],
    ]),
    panel('OTP sends by outcome', 'ops', [
      ['sum by (outcome) (rate(chitram_otp_sends_total[5m]))', '{{outcome}}'],
    ]),
    stat('Active screens', 'none', [['max(chitram_active_screens)', 'screens']]),
    panel('Event-loop lag p99 by app', 's', [['max by (job) (nodejs_eventloop_lag_p99_seconds)', '{{job}}']]),
  ];
}

/** A Grafana dashboard (schema 39) of the panels, two to a row, on a Prometheus data source chosen at import. */
function dashboard(uid, title, panels) {
  return {
    uid,
    title,
    tags: ['chitram'],
    timezone: 'browser',
    schemaVersion: 39,
    version: 1,
    refresh: '30s',
    time: { from: 'now-6h', to: 'now' },
    templating: {
      list: [{ name: 'datasource', type: 'datasource', query: 'prometheus', label: 'Prometheus' }],
    },
    panels: panels.map((p, i) => ({
      id: i + 1,
      type: p.type,
      title: p.title,
      ...(p.description ? { description: p.description } : {}),
      datasource: DATASOURCE,
      gridPos: { h: 8, w: 12, x: (i % 2) * 12, y: Math.floor(i / 2) * 8 },
      fieldConfig: { defaults: { unit: p.unit }, overrides: [] },
      targets: p.queries.map(([expr, legendFormat], j) => ({
        datasource: DATASOURCE,
        expr,
        legendFormat,
        refId: String.fromCharCode(65 + j),
      })),
    })),
  };
}

/** Every dashboard by its file name, as prettier writes JSON here (so `format:check` agrees). */
export async function dashboards() {
  const files = {
    'platform.json': dashboard('chitram-platform', 'Chitram platform', platformPanels()),
  };
  for (const app of APPS) {
    const own = OWN[app]?.(app) ?? [];
    const kit = [...processRow(app), ...natsRow(app), ...eventsRow(app), ...jobsRow(app)];
    files[`${app}.json`] = dashboard(`chitram-${app}`, `Chitram ${app}`, [...own, ...kit]);
  }
  const options = {
    ...(await prettier.resolveConfig(path.join(DASHBOARD_DIR, 'platform.json'))),
    parser: 'json',
  };
  const texts = await Promise.all(
    Object.entries(files).map(async ([name, json]) => [
      name,
      await prettier.format(JSON.stringify(json), options),
    ]),
  );
  return Object.fromEntries(texts);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const check = process.argv.includes('--check');
  const stale = [];
  mkdirSync(DASHBOARD_DIR, { recursive: true });
  for (const [name, text] of Object.entries(await dashboards())) {
    const file = path.join(DASHBOARD_DIR, name);
    let current = '';
    try {
      current = readFileSync(file, 'utf8');
    } catch {
      // not written yet
    }
    if (current === text) continue;
    if (check) stale.push(name);
    else writeFileSync(file, text);
  }
  if (stale.length) {
    process.stderr.write(
      `dashboards out of date: ${stale.join(', ')}; run node deploy/observability/dashboards.mjs\n`,
    );
    process.exit(1);
  }
}
