import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ConfigError, describeConfig, loadConfig } from '@chitram/nest-kit';
import { writtenValues, type EnvSource } from './kubernetes';
import { WORKSPACE_ROOT, type ConfigClass } from './workspace';

/** A development default naming this machine means nothing in a pod: the manifests must set it. */
const THIS_MACHINE = /\b(localhost|127\.0\.0\.1)\b/;

/** The variables a problem of loadConfig is about: those named before its first colon ("A/B: ..."). */
function variablesOf(problem: string): string[] {
  return problem
    .split(':')[0]
    .split(/[^A-Z0-9_]+/)
    .filter(Boolean);
}

/**
 * What a back-end app's configuration class makes of a container's environment, as problems: a
 * variable it requires and does not get, a variable it does not read, a default that names this
 * machine, and whatever its own validation and production cross-checks refuse. Values held in
 * Secrets are not in the repository, so a problem about those alone is the cluster's to find.
 */
export function backendConfigProblems(configClass: ConfigClass, env: Map<string, EnvSource>): string[] {
  const variables = describeConfig(configClass);
  const known = new Set(variables.map((v) => v.name));
  const problems: string[] = [];
  for (const v of variables) {
    if (env.has(v.name)) continue;
    if (v.required) problems.push(`${v.name} is required but not set`);
    else if (typeof v.defaultValue === 'string' && THIS_MACHINE.test(v.defaultValue)) {
      problems.push(`${v.name} must be set: its default ${v.defaultValue} is the pod itself`);
    }
  }
  for (const name of env.keys()) if (!known.has(name)) problems.push(`${name} is not a variable it reads`);

  const values = writtenValues(env);
  if (values.NODE_ENV !== 'production') problems.push('NODE_ENV must be production');
  const fromSecrets = new Set([...env].filter(([, s]) => 'secret' in s).map(([name]) => name));
  try {
    loadConfig(configClass, values);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    const concernsWritten = (p: string) => !variablesOf(p).every((name) => fromSecrets.has(name));
    problems.push(...error.problems.filter(concernsWritten));
  }
  return problems;
}

/** A front end's settings as libs/web-server reads them, or the error it stops with. */
export interface WebServerSettings {
  error?: string;
  host?: string;
  port?: number;
  spa?: boolean;
  cors?: boolean;
  proxy?: Array<{ prefix: string; target: string }>;
  remotes?: Record<string, string>;
  routes?: string[];
}

const WEB_SERVER_CONFIG = path.join(WORKSPACE_ROOT, 'libs', 'web-server', 'config.mjs');

/**
 * libs/web-server's configFromEnv over each environment (by name), run by Node itself since the web
 * server is an ES module. ROOT falls back to the image's `dist`, as the app's serve.mjs would have it.
 */
export function webServerSettings(
  envs: Record<string, Record<string, string>>,
): Record<string, WebServerSettings> {
  const script = `
    const { configFromEnv } = await import(${JSON.stringify(pathToFileURL(WEB_SERVER_CONFIG).href)});
    const out = {};
    for (const [name, env] of Object.entries(JSON.parse(process.argv[1]))) {
      try {
        const c = configFromEnv(env, { ROOT: 'dist' });
        out[name] = {
          host: c.host, port: c.port, spa: c.spa, cors: c.cors,
          proxy: c.proxy.map((p) => ({ prefix: p.prefix, target: String(p.target) })),
          remotes: c.routes['/remotes.json'](),
          routes: Object.keys(c.routes),
        };
      } catch (error) {
        out[name] = { error: error.message };
      }
    }
    process.stdout.write(JSON.stringify(out));`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script, JSON.stringify(envs)], {
    encoding: 'utf8',
  });
  return JSON.parse(out) as Record<string, WebServerSettings>;
}
