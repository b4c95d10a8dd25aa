import type { ComponentType } from 'react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { fetchRemotesManifest, takeEarlyManifest } from '../app/early-requests';
import type { RemoteAppProps } from '@chitram/shell-contract';
import { takeFailedPreloads } from './failed-preloads';
import { REMOTE_APPS, type RemoteManifest, type RemoteName } from './manifest';

export type { RemoteName } from './manifest';

type RemoteAppModule = { default: ComponentType<RemoteAppProps> };

let manifest: Promise<RemoteManifest> | null = null;
const registeredEntry = new Map<RemoteName, string>();
/** The load under way (or done) of each remote, with its attempt: whoever asks for it next shares it. */
const loads = new Map<RemoteName, { attempt: number; app: Promise<RemoteAppModule> }>();

function fetchManifest(): Promise<RemoteManifest> {
  // The first one was asked for as the page opened (app/early-requests.ts).
  manifest ??= (takeEarlyManifest() ?? fetchRemotesManifest()).catch((error: unknown) => {
    manifest = null; // let a retry fetch it again
    throw error;
  });
  return manifest;
}

/** Reads the runtime manifest and registers every remote; called once at start. */
async function registerRemotesFromManifest(): Promise<void> {
  const entries = await fetchManifest();
  const fresh = (Object.keys(entries) as RemoteName[]).filter((name) => !registeredEntry.has(name));
  registerRemotes(fresh.map((name) => ({ name, entry: entries[name] })));
  for (const name of fresh) registeredEntry.set(name, entries[name]);
}

/**
 * Loads a remote's application component. A retry (`attempt > 0`) registers the remote again with
 * `force`, which drops the runtime's cached failure so remoteEntry.js is really requested again.
 */
export function loadRemoteApp(name: RemoteName, attempt: number): Promise<RemoteAppModule> {
  const started = loads.get(name);
  if (started?.attempt === attempt) return started.app;
  const app = attempt > 0 ? loadAgain(name) : registerRemotesFromManifest().then(() => loadRegistered(name));
  loads.set(name, { attempt, app });
  // A failed load is forgotten, so the next ask tries again.
  app.catch(() => {
    if (loads.get(name)?.app === app) loads.delete(name);
  });
  return app;
}

/**
 * Starts loading the remote a page opens on while the shell itself renders, so its code is there by
 * the time the page asks for it. A failure is shown, with a Retry, by the remote's error boundary.
 */
export function preloadRemoteApp(name: RemoteName): void {
  loadRemoteApp(name, 0).catch(() => undefined);
}

async function loadAgain(name: RemoteName): Promise<RemoteAppModule> {
  const entries = await fetchManifest();
  await takeFailedPreloads(entries[name]);
  registerRemotes([{ name, entry: entries[name] }], { force: registeredEntry.has(name) });
  registeredEntry.set(name, entries[name]);
  return loadRegistered(name);
}

async function loadRegistered(name: RemoteName): Promise<RemoteAppModule> {
  const module = await loadRemote<RemoteAppModule>(`${name}/${REMOTE_APPS[name].slice(2)}`);
  if (!module || typeof module.default !== 'function') {
    throw new Error(`The ${name} remote did not provide its application.`);
  }
  return module;
}
