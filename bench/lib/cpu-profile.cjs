// Loaded into each app of a benchmark's own platform (NODE_OPTIONS=--require, which does not admit
// --cpu-prof): profiles the app's CPU from its start and, on each SIGUSR2, writes what it has so far
// to BENCH_CPU_PROF and starts again, so a benchmark can cut out the profile of its own load; what is
// left is written when the app exits. Files: <app>-<pid>-<n>.cpuprofile, readable by Chrome's DevTools.
'use strict';
const fs = require('node:fs');
const inspector = require('node:inspector');
const path = require('node:path');

const dir = process.env.BENCH_CPU_PROF;
if (dir) {
  // services/media/dist/main.js → media; services/media/dist/migrate.js → media-migrate.
  const script = process.argv[1] ?? 'node';
  const parts = script.split(path.sep);
  const app = parts.at(-3) ?? path.basename(script, '.js');
  const name = path.basename(script, '.js') === 'main' ? app : `${app}-${path.basename(script, '.js')}`;
  const session = new inspector.Session();
  session.connect();
  let cut = 0;
  const start = () => {
    session.post('Profiler.enable');
    session.post('Profiler.setSamplingInterval', { interval: 500 });
    session.post('Profiler.start');
  };
  // The main thread's session answers at once, so this works from an 'exit' listener too.
  const write = () =>
    session.post('Profiler.stop', (error, answer) => {
      if (error || !answer) return;
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(
        path.join(dir, `${name}-${process.pid}-${++cut}.cpuprofile`),
        JSON.stringify(answer.profile),
      );
    });
  start();
  process.on('SIGUSR2', () => {
    write();
    start();
  });
  process.on('exit', write);
}
