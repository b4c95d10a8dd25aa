import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

/** The parts of a Compose service these checks read (Compose spec names). */
export interface ComposeService {
  image?: string;
  build?: { context?: string; dockerfile?: string; args?: Record<string, unknown> | string[] };
  command?: string | string[];
  environment?: Record<string, unknown> | string[];
  depends_on?: string[] | Record<string, { condition?: string } | null>;
  healthcheck?: { test?: unknown; disable?: boolean };
  ports?: Array<string | number | { target: number | string; published?: number | string }>;
  expose?: Array<string | number>;
  restart?: string;
}

export interface ComposeFile {
  services: Record<string, ComposeService>;
}

/** Reads a Compose file with YAML merge keys (`<<`) resolved, as Compose does. */
export function readCompose(file: string): ComposeFile {
  const parsed = parse(readFileSync(file, 'utf8'), { merge: true }) as Partial<ComposeFile> | null;
  if (!parsed?.services) throw new Error(`${file} has no services`);
  return parsed as ComposeFile;
}

export interface Interpolated {
  value: string;
  /** Variables the value takes from the operator's environment with no default written in the file. */
  fromOperator: string[];
}

const NAME = /^[A-Za-z_][A-Za-z0-9_]*/;

/**
 * Compose's variable interpolation, against `env` (the checks pass `{}`: what a fresh machine gets):
 * `$$` is a literal `$`; `${X}` and `$X`; `${X:-default}`, `${X-default}`; `${X:?message}`, `${X?message}`;
 * `${X:+other}`, `${X+other}`. Defaults may themselves interpolate.
 */
export function interpolate(text: string, env: Record<string, string | undefined> = {}): Interpolated {
  const fromOperator: string[] = [];
  let value = '';
  let i = 0;
  while (i < text.length) {
    const char = text[i];
    if (char !== '$') {
      value += char;
      i += 1;
      continue;
    }
    const next = text[i + 1];
    if (next === '$') {
      value += '$';
      i += 2;
      continue;
    }
    if (next === '{') {
      const end = closingBrace(text, i + 1);
      const expression = text.slice(i + 2, end);
      const name = NAME.exec(expression)?.[0];
      if (!name) throw new Error(`bad interpolation \${${expression}} in ${JSON.stringify(text)}`);
      const operator = /^(:?[-?+])?/.exec(expression.slice(name.length))?.[0] ?? '';
      const argument = expression.slice(name.length + operator.length);
      if (operator === '' && argument !== '') {
        throw new Error(`bad interpolation \${${expression}} in ${JSON.stringify(text)}`);
      }
      const raw = env[name];
      const set = operator.startsWith(':') ? raw !== undefined && raw !== '' : raw !== undefined;
      const nested = () => {
        const inner = interpolate(argument, env);
        fromOperator.push(...inner.fromOperator);
        return inner.value;
      };
      if (operator.endsWith('-')) value += set ? (raw as string) : nested();
      else if (operator.endsWith('+')) value += set ? nested() : '';
      else if (set) value += raw as string;
      else fromOperator.push(name); // `${X}`, `${X?message}`: only the operator can supply it
      i = end + 1;
      continue;
    }
    const name = NAME.exec(text.slice(i + 1))?.[0];
    if (!name) {
      value += '$';
      i += 1;
      continue;
    }
    if (env[name] !== undefined) value += env[name];
    else fromOperator.push(name);
    i += 1 + name.length;
  }
  return { value, fromOperator };
}

function closingBrace(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i += 1) {
    if (text[i] === '{') depth += 1;
    else if (text[i] === '}' && --depth === 0) return i;
  }
  throw new Error(`unclosed \${ in ${JSON.stringify(text)}`);
}

/** A service's environment after interpolation; a variable passed through from the host counts as the operator's. */
export function environmentOf(
  service: ComposeService,
  env: Record<string, string | undefined> = {},
): Map<string, Interpolated> {
  const entries: Array<[string, unknown]> = Array.isArray(service.environment)
    ? service.environment.map((line) => {
        const at = line.indexOf('=');
        return at < 0 ? [line, null] : [line.slice(0, at), line.slice(at + 1)];
      })
    : Object.entries(service.environment ?? {});
  return new Map(
    entries.map(([key, raw]): [string, Interpolated] =>
      raw === null || raw === undefined
        ? [
            key,
            env[key] !== undefined
              ? { value: env[key], fromOperator: [] }
              : { value: '', fromOperator: [key] },
          ]
        : [key, interpolate(String(raw), env)],
    ),
  );
}

/** `depends_on` as service → condition (the short list form means `service_started`). */
export function dependenciesOf(service: ComposeService): Map<string, string> {
  const deps = service.depends_on ?? {};
  if (Array.isArray(deps)) return new Map(deps.map((name) => [name, 'service_started']));
  return new Map(Object.entries(deps).map(([name, d]) => [name, d?.condition ?? 'service_started']));
}

export interface PortMapping {
  /** The port on the machine running Compose; undefined when Compose picks one. */
  published?: number;
  /** The port inside the container. */
  target: number;
}

/** `ports` in short (`[ip:]published:target[/proto]`) or long syntax. */
export function publishedPorts(service: ComposeService): PortMapping[] {
  return (service.ports ?? []).map((port) => {
    if (typeof port === 'object') {
      return {
        target: Number(port.target),
        published: port.published === undefined ? undefined : Number(port.published),
      };
    }
    const parts = interpolate(String(port))
      .value.replace(/\/(tcp|udp)$/, '')
      .split(':');
    const target = Number(parts[parts.length - 1]);
    return { target, published: parts.length > 1 ? Number(parts[parts.length - 2]) : undefined };
  });
}

/** Ports the service declares it listens on inside the network: `expose` and the targets of `ports`. */
export function declaredPorts(service: ComposeService): number[] {
  return [
    ...(service.expose ?? []).map((p) => Number(String(p).split('/')[0])),
    ...publishedPorts(service).map((p) => p.target),
  ];
}

/** The build arguments, as strings. */
export function buildArgs(service: ComposeService): Record<string, string> {
  const args = service.build?.args ?? {};
  const entries = Array.isArray(args)
    ? args.map((line) => line.split(/=(.*)/s).slice(0, 2) as [string, string])
    : Object.entries(args).map(([k, v]) => [k, String(v)] as [string, string]);
  return Object.fromEntries(entries);
}

/** The Dockerfile a service is built from, as a path under `root`; undefined for an image-only service. */
export function dockerfileOf(service: ComposeService, root: string): string | undefined {
  if (!service.build) return undefined;
  return path.join(root, service.build.context ?? '.', service.build.dockerfile ?? 'Dockerfile');
}

/** The instructions of a Dockerfile's last stage (the image that runs), continuation lines joined. */
export function finalStage(dockerfile: string): string[] {
  const instructions = dockerfile
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  const lastFrom = instructions.map((line) => /^FROM\s/i.test(line)).lastIndexOf(true);
  return instructions.slice(lastFrom);
}

/** Whether the image built from this Dockerfile declares a health check. */
export function imageHasHealthcheck(dockerfile: string): boolean {
  return finalStage(dockerfile).some(
    (line) => /^HEALTHCHECK\s/i.test(line) && !/^HEALTHCHECK\s+NONE\b/i.test(line),
  );
}

/** The user the image runs as (`root` when the last stage names none). */
export function imageUser(dockerfile: string): string {
  const users = finalStage(dockerfile).filter((line) => /^USER\s/i.test(line));
  return users.length ? users[users.length - 1].split(/\s+/)[1] : 'root';
}
