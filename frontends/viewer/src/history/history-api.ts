import type { HistoryEntry, HistoryPage } from '@chitram/contracts/web';
import type { KyInstance } from 'ky';
import { playPath } from '../catalog/catalog-rules';
import { episodePath } from '../catalog/episode-groups';

// Watch history (issue 22): the signed-in viewer's titles, newest first, a page at a time.

const asViewer = { context: { session: 'user' } } as const;

export function fetchHistory(api: KyInstance, page: number, signal?: AbortSignal): Promise<HistoryPage> {
  return api.get('user/history', { searchParams: { page }, signal, ...asViewer }).json<HistoryPage>();
}

export async function removeFromHistory(api: KyInstance, titleId: string): Promise<void> {
  await api.delete(`user/history/${encodeURIComponent(titleId)}`, asViewer);
}

export async function clearHistory(api: KyInstance): Promise<void> {
  await api.delete('user/history', asViewer);
}

/** Where an entry resumes: its film's page or its episode's (each plays from the place kept). */
export function resumePath(entry: HistoryEntry): string | null {
  if (entry.movie) return playPath(entry.movie);
  if (entry.episode) return episodePath(entry.episode.category, entry.episode);
  return null;
}

/** How far in, from 0 to 1; null when the title's length is not known. */
export function watchedShare(entry: Pick<HistoryEntry, 'positionSeconds' | 'durationSeconds' | 'finished'>) {
  if (entry.finished) return 1;
  if (entry.durationSeconds <= 0) return null;
  return Math.min(1, Math.max(0, entry.positionSeconds / entry.durationSeconds));
}
