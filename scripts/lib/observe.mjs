// `npm start -- --observe`: a Prometheus of this machine (Debian's `prometheus` package) scraping every
// app's /metrics (the gateway's METRICS_PORT, each service's HEALTH_PORT) with the alert rules of
// deploy/observability, its data under .data/prometheus, stopped with the platform.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** Where Debian's package puts the server; PATH is asked first. */
const PROMETHEUS_PATHS = ['/usr/bin/prometheus', '/usr/local/bin/prometheus'];

/** The prometheus binary, or undefined when none is installed. */
export function findPrometheus(env = process.env) {
  const onPath = (env.PATH ?? '')
    .split(path.delimiter)
    .filter(Boolean)
    .map((dir) => path.join(dir, 'prometheus'));
  return [...onPath, ...PROMETHEUS_PATHS].find((file) => {
    try {
      fs.accessSync(file, fs.constants.X_OK);
      return fs.statSync(file).isFile();
    } catch {
      return false;
    }
  });
}

/**
 * Each app instance's metrics address, by its app (Prometheus's `job`, as in the alert rules and the
 * dashboards) and its instance name: the gateway's METRICS_PORT, a service's HEALTH_PORT.
 * @param {import('./layout.mjs').AppSpec[]} specs
 * @returns {Array<{ job: string, instance: string, target: string }>}
 */
export function metricsTargets(specs) {
  return specs.flatMap((s) => {
    const port =
      s.kind === 'gateway' ? s.env.METRICS_PORT : s.kind === 'service' ? s.env.HEALTH_PORT : undefined;
    if (!port || port === '0') return [];
    return [{ job: s.app, instance: s.name, target: `127.0.0.1:${port}` }];
  });
}

/**
 * The Prometheus configuration (JSON, which is YAML) scraping `targets` every 5 s, with the rule files.
 * @param {Array<{ job: string, instance: string, target: string }>} targets
 * @param {string[]} ruleFiles  absolute paths
 */
export function prometheusConfig(targets, ruleFiles) {
  const jobs = [...new Set(targets.map((t) => t.job))];
  return `${JSON.stringify(
    {
      global: { scrape_interval: '5s', evaluation_interval: '5s' },
      rule_files: ruleFiles,
      scrape_configs: jobs.map((job) => ({
        job_name: job,
        metrics_path: '/metrics',
        static_configs: targets
          .filter((t) => t.job === job)
          .map((t) => ({ targets: [t.target], labels: { instance: t.instance } })),
      })),
    },
    null,
    2,
  )}\n`;
}

/**
 * Starts Prometheus on 127.0.0.1:`port` scraping `targets`; answers undefined (after saying why) when
 * no Prometheus is installed. Ready once its /-/ready answers.
 * @param {object} o
 * @param {Array<{ job: string, instance: string, target: string }>} o.targets
 * @param {number} o.port
 * @param {string} o.dataDir   its config, data and log go under here
 * @param {string[]} [o.ruleFiles]
 * @param {(line: string) => void} o.log
 * @param {string} [o.binary]  default: findPrometheus()
 * @param {number} [o.timeoutMs]
 * @returns {Promise<{ url: string, configFile: string, stop: () => Promise<void> } | undefined>}
 */
export async function startPrometheus(o) {
  const binary = o.binary ?? findPrometheus();
  if (!binary) {
    o.log(
      "observe: no prometheus installed (Debian: apt-get install prometheus); the apps' /metrics still answer",
    );
    return undefined;
  }
  const runDir = path.join(o.dataDir, 'run');
  fs.mkdirSync(runDir, { recursive: true });
  fs.mkdirSync(path.join(o.dataDir, 'logs'), { recursive: true });
  const configFile = path.join(runDir, 'prometheus.yml');
  fs.writeFileSync(configFile, prometheusConfig(o.targets, o.ruleFiles ?? []));
  const logFile = path.join(o.dataDir, 'logs', 'prometheus.log');
  const out = fs.openSync(logFile, 'w');
  const address = `127.0.0.1:${o.port}`;
  const child = spawn(
    binary,
    [
      `--config.file=${configFile}`,
      `--storage.tsdb.path=${path.join(o.dataDir, 'prometheus')}`,
      '--storage.tsdb.retention.time=2d',
      `--web.listen-address=${address}`,
    ],
    { stdio: ['ignore', out, out] },
  );
  fs.closeSync(out);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.kill('SIGTERM');
    await exited;
    clearTimeout(killer);
  };
  const url = `http://${address}`;
  const deadline = Date.now() + (o.timeoutMs ?? 30_000);
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`prometheus exited (${child.exitCode}); see ${logFile}`);
    }
    const ready = await fetch(`${url}/-/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return { url, configFile, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(
        `prometheus did not answer on ${url} within ${o.timeoutMs ?? 30_000} ms; see ${logFile}`,
      );
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** `promtool check config` of a file: its output, or an error saying what is wrong (or missing). */
export function checkConfig(configFile) {
  const run = spawnSync('promtool', ['check', 'config', configFile], { encoding: 'utf8' });
  if (run.error) throw new Error(`promtool: ${run.error.message} (Debian's prometheus package ships it)`);
  if (run.status !== 0) throw new Error(`promtool check config failed:\n${run.stdout}${run.stderr}`);
  return run.stdout;
}
