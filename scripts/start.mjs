#!/usr/bin/env node
// `npm start`: the whole platform on this machine. Flags: --reset (wipe .data/ first), --no-build,
// --instances N (N of the gateway and of every service, the shell spreading API requests across the gateways),
// --database-prefix P (each service's database is P<service> instead of chitram_<service>),
// --observe (also a local Prometheus scraping every app's /metrics, when Debian's prometheus is installed).
// Ctrl-C (or SIGTERM) stops every app and whatever infrastructure it started, then exits 0.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const USAGE = `usage: npm start [-- --reset] [-- --no-build] [-- --instances N] [-- --database-prefix P] [-- --observe]
  --reset        wipe .data/ (databases, storage, logs) first
  --no-build     skip \`nx run-many -t build\`
  --instances N  run N (1-9) of the gateway and of every service (default 1)
  --database-prefix P  name each service's database P<service> (default chitram_<service>)
  --observe      also run a Prometheus (Debian's package) scraping every app's /metrics; prints its URL`;

/** The command line: flags, and --instances N (or --instances=N). */
function parseArgs(argv) {
  const flags = new Set();
  const unknown = [];
  let instances = 1;
  /** @type {string | undefined} */
  let databasePrefix;
  for (let i = 0; i < argv.length; i++) {
    const [name, inline] = argv[i].split('=', 2);
    if (name === '--instances') {
      const value = inline ?? argv[++i];
      instances = Number(value);
      if (!Number.isInteger(instances) || instances < 1 || instances > 9)
        unknown.push(`--instances ${value}`);
    } else if (name === '--database-prefix') {
      databasePrefix = inline ?? argv[++i];
      // A Postgres identifier: what the services put in front of their names, unquoted.
      if (!/^[a-z_][a-z0-9_]{0,40}$/.test(databasePrefix ?? ''))
        unknown.push(`--database-prefix ${databasePrefix}`);
    } else if (['--reset', '--no-build', '--observe', '--help', '-h'].includes(argv[i])) flags.add(argv[i]);
    else unknown.push(argv[i]);
  }
  return { flags, unknown, instances, databasePrefix };
}

const { flags: args, unknown, instances, databasePrefix } = parseArgs(process.argv.slice(2));
if (args.has('--help') || args.has('-h') || unknown.length) {
  if (unknown.length) console.error(`unknown or bad option ${unknown.join(' ')}`);
  console.log(USAGE);
  process.exit(unknown.length ? 2 : 0);
}

// Local settings, if any (never overriding the real environment).
const dotenv = path.join(root, '.env');
if (fs.existsSync(dotenv)) process.loadEnvFile(dotenv);

const controller = new AbortController();
/** @type {{ stop: () => Promise<void> } | undefined} */
let platform;
let stopping = false;
const onSignal = (signal) => {
  if (stopping) {
    console.log(`${signal} again: exiting now (the watchdog kills what is left)`);
    process.exit(1);
  }
  stopping = true;
  console.log(`\n${signal}: stopping…`);
  if (platform) {
    platform.stop().then(
      () => {
        console.log('stopped.');
        process.exit(0);
      },
      (error) => {
        console.error(`stop failed: ${error.message}`);
        process.exit(1);
      },
    );
  } else {
    controller.abort(); // start-up undoes what it did, then rejects below
  }
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, onSignal);

try {
  // Installs first: nothing below needs node_modules to be imported, but the apps do.
  const { ensureDependencies } = await import('./lib/setup.mjs');
  await ensureDependencies({ root, log: (line) => console.log(line) });
  const { startPlatform } = await import('./lib/platform.mjs');
  platform = await startPlatform({
    root,
    reset: args.has('--reset'),
    build: !args.has('--no-build'),
    instances,
    databasePrefix,
    observe: args.has('--observe'),
    install: false,
    signal: controller.signal,
    startedAt: Date.now() - process.uptime() * 1000,
  });
  if (stopping) await platform.stop().then(() => process.exit(0));
} catch (error) {
  if (controller.signal.aborted) {
    console.log('stopped.');
    process.exit(0);
  }
  console.error(`\nnpm start failed: ${/** @type {Error} */ (error).message}`);
  process.exit(1);
}
