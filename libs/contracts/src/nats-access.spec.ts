import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { NATS_ACCESS, NATS_APPS, servedSubjects, subjectsOf, type NatsApp } from './nats-access';
import { Events, SERVICE_NAMES, Subjects } from './subjects';

// NATS_ACCESS against the apps' code: each app's NATS permissions are generated from the table, so a
// call, an event or a consumer the code has and the table lacks would be refused at run time, and one
// the table has and the code lacks is access nobody needs.

const ROOT = path.resolve(__dirname, '../../..');
const DIRS: Record<NatsApp, string> = {
  gateway: 'gateway/src',
  ...(Object.fromEntries(SERVICE_NAMES.map((s) => [s, `services/${s}/src`])) as Record<string, string>),
} as Record<NatsApp, string>;
/** Helpers of the kit that write an event for their caller. */
const EVENTS_WRITTEN_BY_HELPERS: Record<string, string> = { recordAdminAction: Events.adminActionRecorded };

/** The app's own source files: no tests, no test helpers. */
function sourcesOf(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'testing' ? [] : sourcesOf(full);
    return /\.ts$/.test(name) && !/\.(integration-)?spec\.ts$/.test(name) ? [full] : [];
  });
}

/** The code without its comments, which often name subjects they do not use. */
function code(file: string): string {
  return readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

/** `Subjects.catalog.movies` + `.get` → the subject string (or a group, or undefined). */
function resolve(keys: string[]): unknown {
  return keys.reduce<unknown>(
    (node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
    Subjects,
  );
}

interface Usage {
  /** Subjects named in code (outside a handler's decorator). */
  named: Set<string>;
  /** Subjects of request handlers (@Handles, or @MessagePattern). */
  handled: Set<string>;
  /** Durable consumer → event, from @EventHandler. */
  consumers: Map<string, string>;
  /** Events named outside @EventHandler, or written by a helper. */
  written: Set<string>;
  /** Job names of @JobHandler, enqueue and every. */
  jobs: Set<string>;
}

function usageOf(app: NatsApp): Usage {
  const usage: Usage = {
    named: new Set(),
    handled: new Set(),
    consumers: new Map(),
    written: new Set(),
    jobs: new Set(),
  };
  const files = sourcesOf(path.join(ROOT, DIRS[app])).map(code);
  const jobNames = new Map(
    files.flatMap((text) =>
      [...text.matchAll(/const (\w+) = '([a-z0-9-]+(?:\.[a-z0-9-]+)+)'/g)].map((m) => [m[1], m[2]] as const),
    ),
  );
  for (const text of files) {
    // `const reports = Subjects.billing.reports;` makes `reports.figures` a subject too.
    const aliases = new Map(
      [...text.matchAll(/const (\w+) = Subjects((?:\.\w+)+);/g)].map((m) => [m[1], m[2].slice(1).split('.')]),
    );
    for (const line of text.split('\n')) {
      const target = /@(Handles|MessagePattern)\(/.test(line) ? usage.handled : usage.named;
      for (const m of line.matchAll(/\bSubjects\.health\(([^)]*)\)/g)) {
        const service = /^'(\w+)'$/.exec(m[1].trim())?.[1];
        for (const s of service ? [service] : SERVICE_NAMES) target.add(Subjects.health(s as never));
      }
      const chains = [...line.matchAll(/\b(Subjects|\w+)((?:\.\w+)+)/g)];
      for (const [, head, rest] of chains) {
        const base = head === 'Subjects' ? [] : aliases.get(head);
        if (!base) continue;
        const found = resolve([...base, ...rest.slice(1).split('.')]);
        if (typeof found === 'string') target.add(found);
      }
      const handler = /@EventHandler\(Events\.(\w+),\s*\{\s*durable:\s*'([^']+)'/.exec(line);
      if (handler) usage.consumers.set(handler[2], Events[handler[1] as keyof typeof Events]);
      else
        // Events a service names are ones it writes (through its outbox); the gateway only hears them.
        for (const m of line.matchAll(/(?<!typeof )\bEvents\.(\w+)/g))
          (app === 'gateway' ? usage.named : usage.written).add(Events[m[1] as keyof typeof Events]);
      for (const [helper, event] of Object.entries(EVENTS_WRITTEN_BY_HELPERS))
        if (line.includes(`${helper}(`)) usage.written.add(event);
      for (const m of line.matchAll(/(?:@JobHandler\(|\.enqueue\(|\.every\()(\w+)/g)) {
        const name = jobNames.get(m[1]);
        if (name) usage.jobs.add(name);
      }
    }
  }
  return usage;
}

const sorted = (items: Iterable<string>) => [...new Set(items)].sort();

describe.each(NATS_APPS)('NATS_ACCESS of %s, against its code', (app) => {
  const access = NATS_ACCESS[app];
  const usage = usageOf(app);
  const served = new Set(servedSubjects(app));

  it('serves exactly the subjects its handlers take, all of them its own', () => {
    // The kit answers each service's health subject (libs/nest-kit/src/service.ts).
    const kit = app === 'gateway' ? [] : [Subjects.health(app)];
    expect(sorted([...usage.handled, ...kit])).toEqual(sorted(served));
    if (app !== 'gateway') expect([...served].filter((s) => !s.startsWith(`chitram.${app}.`))).toEqual([]);
  });

  it('calls, announces and hears exactly the subjects of others its code names', () => {
    const others = sorted([...usage.named].filter((s) => !served.has(s)));
    expect(others).toEqual(
      sorted([...subjectsOf(access.calls), ...(access.announces ?? []), ...(access.hears ?? [])]),
    );
  });

  it('writes exactly the events its code writes, and consumes through exactly its handlers', () => {
    expect(sorted(usage.written)).toEqual(sorted(access.emits ?? []));
    expect(Object.fromEntries([...usage.consumers].sort())).toEqual(
      Object.fromEntries(Object.entries(access.consumes ?? {}).sort()),
    );
  });

  it('queues exactly the jobs it works', () => {
    expect(sorted(usage.jobs)).toEqual(sorted(access.jobs ?? []));
  });
});

describe('NATS_ACCESS as a whole', () => {
  it('has every request subject served by exactly one app, and every event written by someone who declares it', () => {
    const servedBy = NATS_APPS.flatMap((app) => servedSubjects(app));
    expect(servedBy.length).toBe(new Set(servedBy).size);
    const written = new Set(NATS_APPS.flatMap((app) => NATS_ACCESS[app].emits ?? []));
    const consumed = NATS_APPS.flatMap((app) => Object.values(NATS_ACCESS[app].consumes ?? {}));
    expect(consumed.filter((event) => !written.has(event))).toEqual([]);
  });

  it('lets no app call a subject nobody serves', () => {
    const served = new Set(NATS_APPS.flatMap((app) => servedSubjects(app)));
    const calls = NATS_APPS.flatMap((app) => subjectsOf(NATS_ACCESS[app].calls));
    expect(calls.filter((s) => !served.has(s))).toEqual([]);
  });
});
