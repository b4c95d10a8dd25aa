import type { ComponentType } from 'react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteAppProps } from '../contract';
import { parseManifest, REMOTE_APPS, type RemoteManifest, type RemoteName } from './manifest';

export type { RemoteName } from './manifest';

type RemoteAppModule = { default: ComponentType<RemoteAppProps> };

/** Served by the shell's web server from its environment, so one build runs anywhere. */
const MANIFEST_URL = '/remotes.json';

let manifest: Promise<RemoteManifest> | null = null;
const registeredEntry = new Map<RemoteName, string>();

function fetchManifest(): Promise<RemoteManifest> {
  manifest ??= fetch(MANIFEST_URL, { cache: 'no-store', headers: { accept: 'application/json' } })
    .then((res) => {
      if (!res.ok) throw new Error(`The remotes manifest answered ${res.status}.`);
      return res.json() as Promise<unknown>;
    })
    .then(parseManifest)
    .catch((error: unknown) => {
      manifest = null; // let a retry fetch it again
      throw error;
    });
  return manifest;
}

/** Reads the runtime manifest and registers every remote; called once at start. */
export async function registerRemotesFromManifest(): Promise<void> {
  const entries = await fetchManifest();
  const fresh = (Object.keys(entries) as RemoteName[]).filter((name) => !registeredEntry.has(name));
  registerRemotes(fresh.map((name) => ({ name, entry: entries[name] })));
  for (const name of fresh) registeredEntry.set(name, entries[name]);
}

/**
 * Loads a remote's application component. A retry (`attempt > 0`) registers the remote again with
 * `force`, which drops the runtime's cached failure so remoteEntry.js is really requested again.
 */
export async function loadRemoteApp(name: RemoteName, attempt: number): Promise<RemoteAppModule> {
  if (attempt > 0) {
    const entries = await fetchManifest();
    registerRemotes([{ name, entry: entries[name] }], { force: registeredEntry.has(name) });
    registeredEntry.set(name, entries[name]);
  } else {
    await registerRemotesFromManifest();
  }
  const module = await loadRemote<RemoteAppModule>(`${name}/${REMOTE_APPS[name].slice(2)}`);
  if (!module || typeof module.default !== 'function') {
    throw new Error(`The ${name} remote did not provide its application.`);
  }
  return module;
}
