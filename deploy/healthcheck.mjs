#!/usr/bin/env node
// The images' HEALTHCHECK: `node healthcheck.mjs 'http://127.0.0.1:${PORT}/path'` exits 0 when the URL
// answers 2xx within 4 s. `${NAME}` is read from the environment when the probe runs (Docker does not
// expand variables in an exec-form HEALTHCHECK), so the port probed is the one the app was given.
// Node's own fetch: the slim images carry no curl or wget.
const TIMEOUT_MS = 4000;

function unhealthy(reason) {
  process.stderr.write(`unhealthy: ${reason}\n`);
  process.exit(1);
}

const template = process.argv[2];
if (!template) unhealthy('usage: healthcheck.mjs <url, may name ${VARIABLES}>');

const url = template.replace(/\$\{(\w+)\}/g, (_, name) => {
  const value = process.env[name];
  if (!value || value === '0') unhealthy(`${name} is not set, so the app serves no health endpoint`);
  return value;
});

try {
  const response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
  if (!response.ok) unhealthy(`${url} answered ${response.status}`);
} catch (error) {
  unhealthy(`${url}: ${error instanceof Error ? error.message : String(error)}`);
}
