import {
  Events,
  isMediaKey,
  type CatalogueImagesReleased,
  type CatalogueTitlesRemoved,
  type CatalogueVideosReleased,
  type ListedKind,
} from '@chitram/contracts';
import type { EmitEvent } from '@chitram/nest-kit';
import type { EntityManager } from 'typeorm';

/** The page asked for (1 when left out) and its offset. */
export function pageOf(page: number | undefined, size: number): { page: number; offset: number } {
  const current = page ?? 1;
  return { page: current, offset: (current - 1) * size };
}

/** Escapes LIKE's wildcards so an admin's search text matches literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Of the stored images a write replaced or deleted, the ones no movie, series or episode uses any
 * more (titles may share images). Announced from the outbox, in the write's own transaction, for
 * the media service to remove; also answered to the caller. `unused` tells which keys no title uses.
 */
export async function releaseImages(
  manager: EntityManager,
  emit: EmitEvent,
  before: Array<string | null | undefined>,
  unused: (manager: EntityManager, keys: string[]) => Promise<string[]>,
): Promise<string[]> {
  const keys = [...new Set(before.filter(isMediaKey))];
  if (keys.length === 0) return [];
  const released = await unused(manager, keys);
  if (released.length > 0) {
    const payload: CatalogueImagesReleased = { keys: released };
    await emit(Events.catalogImagesReleased, payload);
  }
  return released;
}

/** Announces the videos of deleted titles, for the media service to remove with everything made from them. */
export async function releaseVideos(emit: EmitEvent, videoIds: Array<string | null>): Promise<void> {
  const ids = videoIds.filter((id): id is string => Boolean(id));
  if (ids.length === 0) return;
  const payload: CatalogueVideosReleased = { videoIds: ids };
  await emit(Events.catalogVideosReleased, payload);
}

/** Announces deleted films and episodes, for the users service to drop them from every My List (issue 22). */
export async function announceTitlesRemoved(
  emit: EmitEvent,
  kind: ListedKind,
  titleIds: string[],
): Promise<void> {
  if (titleIds.length === 0) return;
  const payload: CatalogueTitlesRemoved = { titles: titleIds.map((titleId) => ({ kind, titleId })) };
  await emit(Events.catalogTitlesRemoved, payload);
}

/** The properties a partial update names; the ones left out stay as they are. */
export function definedFields<T extends object>(changes: T): Partial<T> {
  return Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) as Partial<T>;
}
