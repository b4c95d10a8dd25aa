// ARCHITECTURE rule 8 checked on the real build configurations of the three front ends: every
// singleton the shell owns is shared as a singleton by each app, at versions that agree, and the
// federation runtime is the shell's alone. The configurations are ES modules that load rspack, so a
// child Node reads them and prints what the federation plugin of each app was given.

declare const __dirname: string;

type ChildProcess = {
  execFileSync(file: string, args: string[], options: { cwd: string; encoding: 'utf8' }): string;
};
type NodePath = { resolve(...parts: string[]): string };

interface SharedConfig {
  singleton?: boolean;
  requiredVersion?: string | false;
}
interface AppFederation {
  app: string;
  shared: Record<string, SharedConfig>;
  experiments: { provideExternalRuntime?: boolean; externalRuntime?: boolean };
  /** Package → the version installed where that app resolves it. */
  installed: Record<string, string>;
}

const APPS = ['shell', 'viewer', 'admin'];
/** The shell's singletons and the entry points of theirs that the apps import. */
const SINGLETONS = ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client', 'react-router', 'zustand'];
const PACKAGES = ['react', 'react-dom', 'react-router', 'zustand', 'i18next', 'react-i18next'];
/** The interface language's one i18next instance (issue 11): the shell's and the viewer's; the admin speaks English. */
const I18N = ['i18next', 'react-i18next'];
/** A remote runs on the shell's federation runtime, so all three must be built with one version. */
const RUNTIME = '@module-federation/enhanced';

// Packages are looked up as Node looks them up (node_modules upwards), without their export maps,
// some of which do not export package.json.
const READ_CONFIGS = `
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
function installedVersion(dir, name) {
  for (let at = dir; ; at = path.dirname(at)) {
    const file = path.join(at, 'node_modules', name, 'package.json');
    if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')).version;
    if (at === path.dirname(at)) return null;
  }
}
const out = [];
for (const app of ${JSON.stringify(APPS)}) {
  const dir = path.resolve(app);
  const { default: config } = await import(pathToFileURL(path.join(dir, 'rspack.config.mjs')).href);
  const plugin = config({}, { mode: 'production' }).plugins.find((p) => p?.name === 'RspackModuleFederationPlugin');
  const installed = Object.fromEntries(
    ${JSON.stringify([...PACKAGES, RUNTIME])}.map((name) => [name, installedVersion(dir, name)]),
  );
  out.push({ app, shared: plugin?._options.shared ?? {}, experiments: plugin?._options.experiments ?? {}, installed });
}
process.stdout.write(JSON.stringify(out));
`;

function readFederationConfigs(): AppFederation[] {
  const { execFileSync } = jest.requireActual<ChildProcess>('node:child_process');
  const path = jest.requireActual<NodePath>('node:path');
  const { execPath } = jest.requireActual<{ execPath: string }>('node:process');
  const output = execFileSync(execPath, ['--input-type=module', '-e', READ_CONFIGS], {
    cwd: path.resolve(__dirname, '../../..'),
    encoding: 'utf8',
  });
  return JSON.parse(output) as AppFederation[];
}

/** `^19.2.0` → [19.2.0, 20.0.0); `~5.1.0` → [5.1.0, 5.2.0); `5.1.0` → [5.1.0, 5.1.1). */
function versionBounds(range: string): { lowest: number[]; below: number[] } {
  const match = /^([\^~]?)(\d+)\.(\d+)\.(\d+)$/.exec(range.trim());
  if (!match)
    throw new Error(`Write the range "${range}" as ^x.y.z, ~x.y.z or x.y.z, or teach this test it.`);
  const [major, minor, patch] = match.slice(2).map(Number);
  const lowest = [major, minor, patch];
  if (match[1] === '~') return { lowest, below: [major, minor + 1, 0] };
  if (match[1] === '') return { lowest, below: [major, minor, patch + 1] };
  if (major > 0) return { lowest, below: [major + 1, 0, 0] };
  return { lowest, below: minor > 0 ? [0, minor + 1, 0] : [0, 0, patch + 1] };
}

function compare(a: number[], b: number[]): number {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}

function satisfies(version: string, range: string): boolean {
  const parts = version.split('-')[0].split('.').map(Number);
  const { lowest, below } = versionBounds(range);
  return compare(parts, lowest) >= 0 && compare(parts, below) < 0;
}

describe('version ranges', () => {
  it('reads caret, tilde and exact ranges', () => {
    expect(satisfies('19.3.1', '^19.2.0')).toBe(true);
    expect(satisfies('20.0.0', '^19.2.0')).toBe(false);
    expect(satisfies('19.1.9', '^19.2.0')).toBe(false);
    expect(satisfies('0.3.9', '^0.3.1')).toBe(true);
    expect(satisfies('0.4.0', '^0.3.1')).toBe(false);
    expect(satisfies('5.1.7', '~5.1.0')).toBe(true);
    expect(satisfies('5.2.0', '~5.1.0')).toBe(false);
    expect(satisfies('7.9.0', '7.9.0')).toBe(true);
    expect(() => versionBounds('>=1 <2')).toThrow(/teach this test/);
  });
});

describe('shared singletons of the three front ends (ARCHITECTURE rule 8)', () => {
  let apps: AppFederation[];
  beforeAll(() => {
    apps = readFederationConfigs();
  }, 60_000);

  it('reads every app', () => {
    expect(apps.map((a) => a.app)).toEqual(APPS);
  });

  it.each(SINGLETONS)('%s is shared as a singleton by every app', (name) => {
    for (const { app, shared } of apps) {
      expect({ app, name, singleton: shared[name]?.singleton }).toEqual({ app, name, singleton: true });
      expect({ app, name, requiredVersion: typeof shared[name]?.requiredVersion }).toEqual({
        app,
        name,
        requiredVersion: 'string',
      });
    }
  });

  it.each(I18N)('%s is shared as a singleton by the shell and the viewer', (name) => {
    for (const app of apps.filter((a) => a.app !== 'admin'))
      expect({ app: app.app, name, singleton: app.shared[name]?.singleton }).toEqual({
        app: app.app,
        name,
        singleton: true,
      });
  });

  it.each(SINGLETONS)('%s: one installed version that every app accepts', (name) => {
    const pkg = PACKAGES.find((p) => name === p || name.startsWith(`${p}/`))!;
    const versions = new Set(apps.map((a) => a.installed[pkg]));
    expect([...versions]).toHaveLength(1);
    const [version] = versions;
    for (const { app, shared } of apps) {
      const range = shared[name].requiredVersion as string;
      expect({ app, name, range, version, accepted: satisfies(version, range) }).toEqual({
        app,
        name,
        range,
        version,
        accepted: true,
      });
    }
  });

  it('loads one federation runtime: the shell provides it and the remotes use it', () => {
    const byApp = Object.fromEntries(apps.map((a) => [a.app, a.experiments]));
    expect(byApp.shell.provideExternalRuntime).toBe(true);
    expect(byApp.shell.externalRuntime).toBeFalsy();
    for (const remote of APPS.filter((a) => a !== 'shell')) {
      expect({ remote, externalRuntime: byApp[remote].externalRuntime }).toEqual({
        remote,
        externalRuntime: true,
      });
    }
    const runtimes = new Set(apps.map((a) => a.installed[RUNTIME]));
    expect(runtimes.size).toBe(1);
    expect([...runtimes][0]).toMatch(/^\d+\.\d+\.\d+/);
  });
});
