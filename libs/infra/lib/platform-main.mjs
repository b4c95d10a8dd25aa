// The servers one service needs, all of its own (libs/test-helpers' platformFor):
//   node platform-main.mjs <dataDir> <postgres|redis|nats|s3>...
// Containers where containersForTests says so (an engine that answers and holds the images, or
// TEST_INFRA=containers), else servers started on free ports as `npm test` starts its private ones;
// never a server the environment names or one already running. Prints one JSON line once all answer
// ({ "state": "up", "env": {...}, "used": [...] }, or { "state": "failed", "error": "..." }); when stdin
// closes (the test is done, or died) they are stopped and this process exits.
import readline from 'node:readline';
import { ensureInfrastructure } from '../index.mjs';
import { containersForTests } from './containers.mjs';
import { NAMES } from './resolve.mjs';

const [dataDir, ...names] = process.argv.slice(2);
if (!dataDir || names.length === 0 || names.some((name) => !NAMES.includes(name))) {
  console.error(`usage: node platform-main.mjs <dataDir> <${NAMES.join('|')}>...`);
  process.exit(2);
}
const say = (message) => console.log(JSON.stringify(message));
const { containers, why } = containersForTests(process.env);
console.error(`platform: ${containers ? 'containers' : "this machine's servers"} (${why})`);

/** @type {import('./resolve.mjs').Infrastructure | undefined} */
let infra;
const stopping = new Promise((resolve) =>
  readline.createInterface({ input: process.stdin }).on('close', resolve),
);
try {
  infra = await ensureInfrastructure({
    dataDir,
    log: (line) => console.error(line),
    env: {
      ...Object.fromEntries(Object.entries(process.env).filter(([key]) => /_IMAGE$/.test(key))),
      TEST_INFRA: containers ? 'containers' : 'local',
    },
    only: /** @type {Array<import('./resolve.mjs').InfraName>} */ (names),
    own: /** @type {Array<import('./resolve.mjs').InfraName>} */ (names),
    // Free ports clear of `npm start`'s (3000–9000) and of `npm test`'s blocks (13000 and up).
    ports: { postgres: 11432, redis: 11379, nats: 11222, s3: 11900 },
  });
  say({ state: 'up', env: infra.env, used: infra.used });
} catch (error) {
  say({ state: 'failed', error: error instanceof Error ? error.message : String(error) });
}
await stopping;
await infra?.stop();
process.exit(0);
