// One private server for a test that must stop and start it (the fault suite restarts NATS, Redis and
// Postgres under load): `node server-main.mjs <postgres|redis|nats> <dataDir> <port>`, started by the
// starters that `npm start` and `npm test` use. It prints one JSON line when the server answers
// ({ "state": "up", "env": {...} }), then reads commands, one a line, on stdin:
//   down  ends the server as a crash would (NATS: SIGKILL; Postgres: SIGQUIT, its immediate shutdown,
//         which leaves crash recovery to the next start), or, for Redis, stops it (SIGTERM, which saves
//         its snapshot: killed, it would lose what it took since the last one), then prints
//         { "state": "down" }
//   up    starts it again on the same port and data, then prints { "state": "up", "env": {...} }
// When stdin closes (the test is done, or died) the server is stopped and this process exits.
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { startNats, startPostgres, startRedis } from './starters.mjs';

const [kind, dataDir, portText] = process.argv.slice(2);
const port = Number(portText);
const STARTERS = {
  postgres: (o) => startPostgres({ ...o, password: 'postgres' }),
  redis: startRedis,
  nats: startNats,
};
if (!(kind in STARTERS) || !dataDir || !Number.isInteger(port)) {
  console.error('usage: node server-main.mjs <postgres|redis|nats> <dataDir> <port>');
  process.exit(2);
}
const log = (line) => console.error(line);
const pidFile = path.join(dataDir, 'run', `${kind}.pid`);
const say = (message) => console.log(JSON.stringify(message));

/** @type {import('./starters.mjs').Started | undefined} */
let server;

async function up() {
  server = await STARTERS[kind]({ dataDir, port, log });
  say({ state: 'up', env: server.env });
}

async function down() {
  const pid = Number(fs.readFileSync(pidFile, 'utf8').trim());
  process.kill(pid, { postgres: 'SIGQUIT', redis: 'SIGTERM', nats: 'SIGKILL' }[kind]);
  // The starter's process handle notices the exit and removes the pid file.
  while (fs.existsSync(pidFile)) await new Promise((r) => setTimeout(r, 20));
  server = undefined;
  say({ state: 'down' });
}

let queue = up();
readline
  .createInterface({ input: process.stdin })
  .on('line', (line) => {
    const command = line.trim();
    queue = queue.then(() => (command === 'down' ? down() : command === 'up' ? up() : undefined));
    queue.catch((error) => {
      log(`${kind}: ${error.message}`);
      process.exit(1);
    });
  })
  .on('close', () => {
    void queue
      .catch(() => {})
      .then(() => server?.stop())
      .finally(() => process.exit(0));
  });
queue.catch((error) => {
  log(`${kind}: ${error.message}`);
  process.exit(1);
});
