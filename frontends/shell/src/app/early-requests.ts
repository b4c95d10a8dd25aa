// Requests the first screen waits for, started by the page's first script (index.ts) instead of by the
// code that needs them, which arrives later: the remotes manifest and the entry of the remote the page
// shows, and the first answer of the home page (issue 11), the plans and a title page (issue 19). Each answer is handed over once; anyone asking
// later, or for anything else, fetches anew. This module is part of the entry chunk: it imports only
// the manifest's rules, which import nothing.
import { parseManifest, type RemoteManifest, remoteAt } from '../federation/manifest';

/** Served by the shell's web server from its environment, so one build runs anywhere. */
const MANIFEST_URL = '/remotes.json';

/** The home page's catalogue, public and the same for everyone, as the viewer asks for it. */
const HOME_CONTENT_PATH = 'home/content';

let earlyManifest: Promise<RemoteManifest> | undefined;

/**
 * The runtime manifest (/remotes.json), read and checked. The page's first bytes preload it
 * (libs/web-server/preconnect.mjs), and this request, as the browser's cache would make it, takes that
 * answer rather than asking again; the server marks it `no-cache`, so any later one asks anew.
 */
export function fetchRemotesManifest(): Promise<RemoteManifest> {
  return fetch(MANIFEST_URL, { headers: { accept: 'application/json' } })
    .then((res) => {
      if (!res.ok) throw new Error(`The remotes manifest answered ${res.status}.`);
      return res.json() as Promise<unknown>;
    })
    .then(parseManifest);
}

/** The manifest asked for as the page opened, once; undefined afterwards. */
export function takeEarlyManifest(): Promise<RemoteManifest> | undefined {
  const manifest = earlyManifest;
  earlyManifest = undefined;
  return manifest;
}

/**
 * Runs a remote's entry script while the shell's own code still loads: it only defines the remote's
 * container, which the federation runtime then finds (or finds its tag, still loading, and waits for
 * it) instead of adding another. A tag that failed is taken away, so the runtime's own try reports it.
 */
function startRemoteEntry(url: string): void {
  const script = document.createElement('script');
  script.src = url;
  script.onerror = () => script.remove();
  document.head.appendChild(script);
}

/** An answer read whole as it arrives, so the page that takes it need not wait for its body. */
type EarlyAnswer = { status: number; body: unknown };

const started = new Map<string, Promise<EarlyAnswer>>();

function start(url: string, init?: RequestInit): void {
  const answer = fetch(url, init).then(async (res) => ({
    status: res.status,
    body: res.ok ? ((await res.json()) as unknown) : null,
  }));
  // Whoever takes it reads the failure; until then it must not count as unhandled.
  answer.catch(() => undefined);
  started.set(url, answer);
}

/**
 * The API path (under /api) of what a page shows first, public and the same for everyone, as the
 * viewer asks for it, or null for a page that starts nothing early: the home page's catalogue (in
 * the language its address names), the plans (/subscribe) and a title page's title (issue 19: the
 * answer is in before the viewer's code, instead of a round trip after it).
 */
export function earlyApiPathOf(pathname: string, search: string): string | null {
  if (pathname === '/') {
    const language = new URLSearchParams(search).get('language');
    return language ? `${HOME_CONTENT_PATH}?${new URLSearchParams({ language })}` : HOME_CONTENT_PATH;
  }
  if (pathname === '/subscribe') return 'plans';
  const title = /^\/movie\/([^/]+)\/play\/?$/.exec(pathname);
  if (!title) return null;
  try {
    return `movie/${encodeURIComponent(decodeURIComponent(title[1]))}`;
  } catch {
    return null;
  }
}

/**
 * Whether the stored viewer session has chosen a profile other than the account's first (D37): its
 * catalogue answers are the profile's (a kids profile sees fewer titles), so nothing is asked early
 * without its token. Read from local storage as the session store keeps it (key `user`).
 */
export function storedSessionNamesProfile(storage: Pick<Storage, 'getItem'> | null): boolean {
  try {
    const stored: unknown = JSON.parse(storage?.getItem('user') ?? 'null');
    const profile = (stored as { profile?: { _id?: unknown } } | null)?.profile;
    const account = (stored as { _id?: unknown } | null)?._id;
    return typeof profile?._id === 'string' && profile._id !== account;
  } catch {
    return false;
  }
}

function localStorageOrNull(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Starts what the page at `location` needs first; called once, as the page's first script runs. */
export function startEarlyRequests(location: { pathname: string; search: string }): void {
  const manifest = fetchRemotesManifest();
  earlyManifest = manifest;
  // Whoever takes it reads the failure (the remote's error boundary shows it).
  manifest.then((entries) => startRemoteEntry(entries[remoteAt(location.pathname)])).catch(() => undefined);
  const early = earlyApiPathOf(location.pathname, location.search);
  if (early && !storedSessionNamesProfile(localStorageOrNull()))
    start(`/api/${early}`, { headers: { accept: 'application/json' } });
}

/**
 * The JSON answer to `GET /api/<path>?<searchParams>` if it was started early (once), else what `load`
 * answers: `host.answerEarly` (`@chitram/shell-contract`).
 */
export function answerEarly<T>(
  path: string,
  searchParams: Record<string, string>,
  load: () => Promise<T>,
): Promise<T> {
  const query = new URLSearchParams(searchParams).toString();
  const early = takeEarlyRequest(`/api/${path}${query ? `?${query}` : ''}`);
  if (!early) return load();
  return (
    early
      .then(({ status, body }) => {
        if (status < 200 || status > 299) throw new Error(`GET /api/${path} answered ${status}.`);
        return body as T;
      })
      // The early request is a shortcut only: a failure is left to `load`, whose errors say what happened.
      .catch(() => load())
  );
}

/** The answer to `url` started early, once; undefined if it was not started or was taken already. */
function takeEarlyRequest(url: string): Promise<EarlyAnswer> | undefined {
  const answer = started.get(url);
  started.delete(url);
  return answer;
}
