import type { ListedTitle } from '@chitram/contracts/web';
import type { KyInstance } from 'ky';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useApi, useFailureMessage } from '../app/api';
import { useHost } from '../app/host';
import type { LoadState } from '../app/use-loader';

// My List (issue 22): the signed-in viewer's titles kept for later, newest first. One copy of the list
// serves the whole page (every card's toggle, the rail, the /my-list page): it is asked for once per
// session, and a toggle changes it in place, so the rail and the other toggles follow at once.

const asViewer = { context: { session: 'user' } } as const;

export function fetchMyList(api: KyInstance, signal?: AbortSignal): Promise<ListedTitle[]> {
  return api.get('user/list', { signal, ...asViewer }).json<ListedTitle[]>();
}

export function addToMyList(api: KyInstance, titleId: string): Promise<ListedTitle> {
  return api.put(`user/list/${encodeURIComponent(titleId)}`, asViewer).json<ListedTitle>();
}

export async function removeFromMyList(api: KyInstance, titleId: string): Promise<void> {
  await api.delete(`user/list/${encodeURIComponent(titleId)}`, asViewer);
}

/** The list as last read, for one API client and one session (a new sign-in or profile reads it again). */
interface Kept {
  api: KyInstance | null;
  token: string | null;
  status: 'idle' | 'loading' | 'success' | 'error';
  data: ListedTitle[] | null;
  failure?: unknown;
}

let kept: Kept = { api: null, token: null, status: 'idle', data: null };
const listeners = new Set<() => void>();

function keep(next: Kept): void {
  kept = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const isFor = (api: KyInstance, token: string) => kept.api === api && kept.token === token;

function load(api: KyInstance, token: string, again = false): void {
  if (!again && isFor(api, token) && kept.status !== 'idle' && kept.status !== 'error') return;
  keep({ api, token, status: 'loading', data: isFor(api, token) ? kept.data : null });
  fetchMyList(api).then(
    (data) => {
      if (isFor(api, token)) keep({ api, token, status: 'success', data });
    },
    (failure: unknown) => {
      if (isFor(api, token)) keep({ ...kept, status: 'error', failure });
    },
  );
}

/** Puts a title in the list (or takes it out) on the server, then in the copy every component reads. */
export async function changeMyList(api: KyInstance, token: string, titleId: string, add: boolean) {
  if (add) {
    const entry = await addToMyList(api, titleId);
    if (isFor(api, token) && kept.data && !kept.data.some((e) => e.titleId === titleId))
      keep({ ...kept, data: [entry, ...kept.data] });
  } else {
    await removeFromMyList(api, titleId);
    if (isFor(api, token) && kept.data)
      keep({ ...kept, data: kept.data.filter((e) => e.titleId !== titleId) });
  }
}

/** The signed-in viewer's list (nothing is asked for a visitor); `signedIn` says which. */
export function useMyList(): LoadState<ListedTitle[]> & {
  reload(): void;
  signedIn: boolean;
  token: string | null;
} {
  const api = useApi();
  const token = useHost().useSession((s) => s.user?.token ?? null);
  const failureMessage = useFailureMessage();
  const snapshot = useSyncExternalStore(subscribe, () => kept);
  useEffect(() => {
    if (token) load(api, token);
  }, [api, token]);
  const reload = useCallback(() => {
    if (token) load(api, token, true);
  }, [api, token]);
  const mine = token && snapshot.api === api && snapshot.token === token ? snapshot : null;
  const base = { reload, signedIn: Boolean(token), token };
  if (!mine || mine.status === 'idle')
    return { ...base, status: token ? 'loading' : 'idle', data: null, error: null };
  if (mine.status === 'error')
    return { ...base, status: 'error', data: mine.data, error: failureMessage(mine.failure) };
  if (mine.status === 'success') return { ...base, status: 'success', data: mine.data!, error: null };
  return { ...base, status: 'loading', data: mine.data, error: null };
}
