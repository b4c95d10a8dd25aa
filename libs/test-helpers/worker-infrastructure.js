// Loaded before each integration spec file (jest.integration.config.js's setupFiles). `npm test` runs
// the integration specs in several jest workers, each against servers of its own (NATS, Redis, object
// storage), as a service started by one spec file must never answer another's request. It passes
// every worker's variables in CHITRAM_WORKER_INFRA (a JSON array); worker n takes the nth set before
// the spec file loads. Without it (a spec run alone, or one worker) the environment stands as it is.
const sets = process.env.CHITRAM_WORKER_INFRA;
if (sets) {
  const all = JSON.parse(sets);
  const worker = Number(process.env.JEST_WORKER_ID) || 1;
  Object.assign(process.env, all[(worker - 1) % all.length]);
}
