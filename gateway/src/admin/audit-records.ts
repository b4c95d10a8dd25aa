import { randomUUID } from 'node:crypto';
import {
  Subjects,
  type AdminActionRecorded,
  type AuditEntityRef,
  type VideoOwnerKind,
} from '@chitram/contracts';
import type { Logger, RpcClient } from '@chitram/nest-kit';

/**
 * Records an admin action straight into the audit trail, for a write whose own service does not
 * record it (a title's video lives in the media service). The write has happened: a trail that cannot
 * be reached is logged, not turned into a failure of the write.
 */
export async function fileAdminAction(
  rpc: RpcClient,
  logger: Logger,
  action: AdminActionRecorded,
): Promise<void> {
  try {
    await rpc.call(Subjects.auth.audit.record, { id: randomUUID(), ...action });
  } catch (error) {
    logger.error({ err: error, action: action.action, entity: action.entity }, 'admin action not recorded');
  }
}

/** A movie or episode as the trail names it, with the id of the video it has now, from the catalogue. */
export async function videoOwner(
  rpc: RpcClient,
  ownerKind: VideoOwnerKind,
  ownerId: string,
): Promise<{ entity: AuditEntityRef; videoId: string | null; seriesId?: string }> {
  // A trailer is recorded against its film or series (D45), with the trailer video it has now.
  if (ownerKind === 'movie-trailer' || ownerKind === 'series-trailer') {
    const titleKind = ownerKind === 'movie-trailer' ? 'movie' : 'series';
    const title =
      titleKind === 'movie'
        ? await rpc.call(Subjects.catalog.movies.get, { id: ownerId })
        : await rpc.call(Subjects.catalog.series.get, { id: ownerId });
    const trailer = await rpc.call(Subjects.media.trailers.current, { titleKind, titleId: ownerId });
    return {
      entity: { type: titleKind, id: ownerId, label: title.title },
      videoId: trailer.video?.videoId ?? null,
    };
  }
  if (ownerKind === 'movie') {
    const movie = await rpc.call(Subjects.catalog.movies.get, { id: ownerId });
    return {
      entity: { type: 'movie', id: ownerId, label: movie.title },
      videoId: movie.video?.videoId ?? null,
    };
  }
  const episode = await rpc.call(Subjects.catalog.episodes.get, { id: ownerId });
  return {
    entity: { type: 'show', id: ownerId, label: episode.title },
    videoId: episode.video?.videoId ?? null,
    // Media compares the audio of a series' episodes for a suggested intro (D42).
    seriesId: episode.seriesId ?? undefined,
  };
}
