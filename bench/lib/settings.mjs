// What every benchmark reads from its environment, and how it refuses a bad setting.

/**
 * A benchmark's way out on a bad setting, and its reader of whole-number settings.
 * @param {string} bench  its name after `bench:` (as `npm run bench:<name>`)
 */
export function benchSettings(bench) {
  /** @param {string} message  @returns {never} */
  const fail = (message) => {
    console.error(`bench:${bench}: ${message}`);
    process.exit(1);
  };
  /**
   * The environment variable `name` as a whole number of at least `min`; `fallback` when unset.
   * @param {string} name  @param {number} fallback  @param {number} min
   */
  const wholeNumber = (name, fallback, min) => {
    const raw = process.env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min)
      fail(`${name} must be a whole number >= ${min} (got ${JSON.stringify(raw)})`);
    return value;
  };
  return { fail, wholeNumber };
}

/**
 * GETs `url`, reads the answer whole and gives its status (5 s at most).
 * @param {string} url
 */
export async function fetchStatus(url) {
  const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
  await res.arrayBuffer();
  return res.status;
}
