// A whole platform for a benchmark that wants one of its own, started as `npm test`'s browser stage
// starts it (scripts/lib/test-run.mjs, scripts/lib/platform.mjs): its own block of ports, NATS, Redis,
// storage and databases, the demo catalogue loaded, one instance of each app. A running `npm start` is
// neither used nor touched. The build must be there already (npx nx run-many -t build).
import { createTestRun, prepareTestPlatform } from '../../scripts/lib/test-run.mjs';

/**
 * @typedef {object} TestPlatform
 * @property {string} url  the web app (the shell), e.g. http://localhost:13000
 * @property {{ controlUrl: string, controlToken: string }} control  its dev control API (pids, restarts)
 * @property {() => Promise<void>} stop  stops the apps and the private servers, drops the databases and
 *   removes the run's folder; idempotent
 * @property {import('../../scripts/lib/test-run.mjs').TestPlatformSettings} settings  its ports, databases'
 *   prefix and NATS users, for a tool that runs one more instance of an app beside it (npm run images:check)
 * @property {Record<string, string>} env  what the platform gave its apps
 * @property {string} runDir  the run's folder (keys, uploads)
 */

/**
 * @param {{ log: (line: string) => void, env?: Record<string, string> }} o  env: more variables for its
 *   apps (cpuProfileEnv(), to profile them)
 * @returns {Promise<TestPlatform>}
 */
export async function startTestPlatform({ log, env = {} }) {
  const run = createTestRun({ log });
  const test = await prepareTestPlatform(run, { instances: 1, log });
  Object.assign(test.env, env);
  let stopped = false;
  /** @type {() => Promise<void>} */
  let stopApps = async () => {};
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await stopApps().catch((error) => log(`stopping the platform: ${error.message}`));
    await test.cleanUp().catch((error) => log(`cleaning up: ${error.message}`));
  };
  try {
    const { startPlatform } = await import('../../scripts/lib/platform.mjs');
    const platform = await startPlatform({
      build: false,
      install: false,
      dataDir: run.dir,
      ports: test.ports,
      instances: 1,
      databasePrefix: test.databasePrefix,
      natsUsers: test.natsUsers,
      env: test.env,
      log,
    });
    stopApps = () => platform.stop();
    return {
      url: platform.url,
      control: {
        controlUrl: /** @type {string} */ (platform.controlUrl),
        controlToken: platform.controlToken,
      },
      settings: test,
      env: platform.env,
      runDir: run.dir,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
