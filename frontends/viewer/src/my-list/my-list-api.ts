import type { ListedTitle } from '@chitram/contracts/web';
import type { KyInstance } from 'ky';
import { useApi } from '../app/api';
import { useHost } from '../app/host';
import { useLoader } from '../app/use-loader';

// My List (issue 22): the signed-in viewer's titles kept for later, newest first.

const asViewer = { context: { session: 'user' } } as const;

export function fetchMyList(api: KyInstance, signal?: AbortSignal): Promise<ListedTitle[]> {
  return api.get('user/list', { signal, ...asViewer }).json<ListedTitle[]>();
}

export async function addToMyList(api: KyInstance, titleId: string): Promise<void> {
  await api.put(`user/list/${encodeURIComponent(titleId)}`, asViewer);
}

export async function removeFromMyList(api: KyInstance, titleId: string): Promise<void> {
  await api.delete(`user/list/${encodeURIComponent(titleId)}`, asViewer);
}

/** The signed-in viewer's list (nothing is asked for a visitor); `signedIn` says which. */
export function useMyList() {
  const api = useApi();
  const signedIn = useHost().useSession((s) => Boolean(s.user?.token));
  const list = useLoader(signedIn ? (signal) => fetchMyList(api, signal) : null, [api, signedIn]);
  return { ...list, signedIn };
}
