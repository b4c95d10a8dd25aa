import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** The repository root (this file is deploy/src/workspace.ts). */
export const WORKSPACE_ROOT = path.resolve(__dirname, '..', '..');

export type AppKind = 'service' | 'gateway' | 'frontend';

/** One deployable app of the workspace; `name` is its folder's name and its compose service's. */
export interface WorkspaceApp {
  name: string;
  /** Its folder relative to the root, e.g. `services/auth`: the images' APP build argument. */
  dir: string;
  kind: AppKind;
}

/** The Dockerfile that builds each kind of app. */
export const DOCKERFILE_BY_KIND: Record<AppKind, string> = {
  service: 'deploy/service.Dockerfile',
  gateway: 'deploy/gateway.Dockerfile',
  frontend: 'deploy/frontend.Dockerfile',
};

function hasManifest(root: string, dir: string): boolean {
  return existsSync(path.join(root, dir, 'package.json'));
}

function appsUnder(root: string, parent: string, kind: AppKind): WorkspaceApp[] {
  const folder = path.join(root, parent);
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && hasManifest(root, `${parent}/${entry.name}`))
    .map((entry) => ({ name: entry.name, dir: `${parent}/${entry.name}`, kind }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Every app, found the way the workspace defines them: `services/*`, `gateway`, `frontends/*` with a package.json. */
export function workspaceApps(root = WORKSPACE_ROOT): WorkspaceApp[] {
  return [
    ...appsUnder(root, 'services', 'service'),
    ...(hasManifest(root, 'gateway') ? [{ name: 'gateway', dir: 'gateway', kind: 'gateway' as const }] : []),
    ...appsUnder(root, 'frontends', 'frontend'),
  ];
}

export type ConfigClass = new () => object;

/**
 * A back-end app's configuration class, by convention the one class exported from `src/config.ts`
 * whose name ends in `Config`. Throws when the convention is broken, so a new app cannot slip past.
 */
export async function loadConfigClass(app: WorkspaceApp, root = WORKSPACE_ROOT): Promise<ConfigClass> {
  const file = path.join(root, app.dir, 'src', 'config.ts');
  if (!existsSync(file)) throw new Error(`${app.dir}: no src/config.ts`);
  const exports = (await import(file)) as Record<string, unknown>;
  const classes = Object.entries(exports).filter(
    (entry): entry is [string, ConfigClass] =>
      /^[A-Z]\w*Config$/.test(entry[0]) && typeof entry[1] === 'function',
  );
  if (classes.length !== 1) {
    const names = classes.map(([name]) => name).join(', ') || 'none';
    throw new Error(`${app.dir}/src/config.ts must export exactly one class named *Config (found: ${names})`);
  }
  return classes[0][1];
}
