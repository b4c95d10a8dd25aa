// docker-compose.yml, read as an attacker on the same network as the host would: what is published,
// which secrets an operator could forget to set, and whether Redis, NATS and media's internal HTTP
// server ask for a credential. No Docker engine runs where the tests do, so the file is read as YAML.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { environmentOf, interpolate, publishedPorts, readCompose, type ComposeService } from './compose';
import { WORKSPACE_ROOT } from './workspace';

const COMPOSE_FILE = path.join(WORKSPACE_ROOT, 'docker-compose.yml');
const text = readFileSync(COMPOSE_FILE, 'utf8');
const { services } = readCompose(COMPOSE_FILE);

/** The parts of the file the other checks do not read. */
interface Networked extends ComposeService {
  networks?: string[] | Record<string, { ipv4_address?: string } | null>;
}
const networks = (parse(text, { merge: true }) as { networks: Record<string, NetworkSpec> }).networks;
interface NetworkSpec {
  internal?: boolean;
  ipam?: { config?: Array<{ subnet?: string }> };
}

function networksOf(name: string): string[] {
  const attached = (services[name] as Networked).networks ?? ['default'];
  return Array.isArray(attached) ? attached : Object.keys(attached);
}

/** Variables whose value is a credential. */
const SECRET = /PASSWORD|SECRET|TOKEN|_KEY|_SID|AUTH/;
const FRONT_ENDS = ['shell', 'viewer', 'admin'];
/** Services that call out to the internet: auth (Twilio Verify) and billing (Razorpay). */
const CALLING_OUT = ['auth', 'billing'];
/** Every variable of the file set, so that URLs carry whatever the operator would give. */
const everySet = Object.fromEntries(
  [...text.matchAll(/\$\{([A-Z][A-Z0-9_]*)/g)].map((m) => [m[1], 'set-by-operator']),
);

describe('docker-compose.yml lockdown', () => {
  it('publishes only the shell and the two remotes the browser loads', () => {
    const published = Object.entries(services).flatMap(([name, s]) =>
      publishedPorts(s)
        .filter((p) => p.published !== undefined)
        .map((p) => `${name}:${p.published}`),
    );
    expect(published.sort()).toEqual(['admin:3003', 'shell:3000', 'viewer:3002']);
  });

  it('keeps the infrastructure, the services, the gateway and media on a network with no way in or out', () => {
    expect(networks.internal.internal).toBe(true);
    const outside = Object.keys(services).filter((name) =>
      networksOf(name).some((n) => !networks[n]?.internal),
    );
    expect(outside.sort()).toEqual([...CALLING_OUT, ...FRONT_ENDS].sort());
    const backEnd = Object.keys(services).filter((name) => !['viewer', 'admin'].includes(name));
    expect(backEnd.filter((name) => !networksOf(name).includes('internal'))).toEqual([]);
    for (const name of ['postgres', 'redis', 'nats', 'minio', 'gateway', 'media'])
      expect({ name, networks: networksOf(name) }).toEqual({ name, networks: ['internal'] });
  });

  it('gives no secret a default: Compose stops until the operator sets each one', () => {
    const defaulted = [...text.matchAll(/\$\{([A-Z][A-Z0-9_]*)(:?[-+?])?/g)]
      .filter(([, name, operator]) => SECRET.test(name) && operator !== ':?')
      .map(([whole]) => whole);
    expect(defaulted).toEqual([]);

    const written = Object.entries(services).flatMap(([name, s]) =>
      [...environmentOf(s)]
        .filter(([key, v]) => SECRET.test(key) && (v.value !== '' || v.fromOperator.length === 0))
        .map(([key]) => `${name} ${key}`),
    );
    expect(written).toEqual([]);
  });

  it('signs every app in to Postgres, Redis and NATS with a password only the operator gives', () => {
    const urls = Object.entries(services).flatMap(([name, s]) =>
      ['DATABASE_URL', 'REDIS_URL', 'NATS_URL'].flatMap((key) => {
        const raw = (s.environment as Record<string, unknown> | undefined)?.[key];
        return typeof raw === 'string' ? [{ where: `${name} ${key}`, raw }] : [];
      }),
    );
    expect(urls.length).toBeGreaterThan(10);
    const problems = urls.flatMap(({ where, raw }) => {
      const unset = new URL(interpolate(raw).value);
      const set = new URL(interpolate(raw, everySet).value);
      return unset.password === '' && set.password === 'set-by-operator' ? [] : [where];
    });
    expect(problems).toEqual([]);
  });

  it('runs Redis with a password, the one in every REDIS_URL', () => {
    const command = (services.redis.command as string[]).map((arg) => interpolate(arg));
    const at = command.findIndex((arg) => arg.value === '--requirepass');
    expect(at).toBeGreaterThan(-1);
    expect(command[at + 1]).toEqual({ value: '', fromOperator: ['REDIS_PASSWORD'] });
    const redisUrls = Object.values(services).flatMap((s) => {
      const url = environmentOf(s).get('REDIS_URL');
      return url ? [url.fromOperator] : [];
    });
    expect(redisUrls.length).toBeGreaterThanOrEqual(3);
    expect(redisUrls.every((vars) => vars.join() === 'REDIS_PASSWORD')).toBe(true);
  });

  it("has media's internal HTTP server ask for the token the gateway holds", () => {
    for (const name of ['media', 'gateway'])
      expect(environmentOf(services[name]).get('MEDIA_INTERNAL_TOKEN')).toEqual({
        value: '',
        fromOperator: ['MEDIA_INTERNAL_TOKEN'],
      });
  });

  it("believes forwarded client addresses only from the shell's fixed address on the internal network", () => {
    const shell = (services.shell as Networked).networks as Record<string, { ipv4_address?: string }>;
    const address = shell.internal.ipv4_address!;
    expect(environmentOf(services.gateway).get('TRUSTED_PROXIES')?.value).toBe(address);
    const subnet = networks.internal.ipam!.config![0].subnet!;
    expect(address.split('.').slice(0, 3)).toEqual(subnet.split('.').slice(0, 3));
  });

  it('runs NATS with a user per app, each app signed in as itself with its own password', () => {
    expect(services.nats.command).toEqual(expect.arrayContaining(['-c', '/etc/nats/chitram.conf']));
    expect(JSON.stringify((services.nats as { volumes?: string[] }).volumes)).toContain(
      './deploy/nats/chitram.conf:/etc/nats/chitram.conf:ro',
    );
    const natsEnv = environmentOf(services.nats);
    const apps = ['gateway', 'auth', 'catalog', 'billing', 'media', 'users'];
    for (const app of apps) {
      const variable = `NATS_PASSWORD_${app.toUpperCase()}`;
      expect(natsEnv.get(variable)?.fromOperator).toEqual([variable]);
      const url = new URL(
        interpolate(String((services[app].environment as Record<string, unknown>).NATS_URL)).value,
      );
      expect({ app, user: url.username, host: url.host }).toEqual({ app, user: app, host: 'nats:4222' });
      expect(environmentOf(services[app]).get('NATS_URL')?.fromOperator).toEqual([variable]);
    }
  });

  it('mounts the NATS configuration generated from the contracts, up to date', () => {
    const generated = execFileSync(
      process.execPath,
      ['libs/infra/lib/nats-permissions.mjs', '--deployment'],
      {
        cwd: WORKSPACE_ROOT,
        encoding: 'utf8',
      },
    );
    const committed = readFileSync(path.join(WORKSPACE_ROOT, 'deploy/nats/chitram.conf'), 'utf8');
    // Out of date: node libs/infra/lib/nats-permissions.mjs --deployment > deploy/nats/chitram.conf
    expect(committed).toBe(generated);
  });
});
