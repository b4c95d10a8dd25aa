import type { AuditEntityRef } from '@chitram/contracts';
import type { AuditSnapshot } from '@chitram/nest-kit';
import type { EpisodeEntity } from './episode.entity';
import type { SeriesEntity } from './series.entity';

// What the audit trail compares of shows and series: the forms' fields, pictures as their stored keys.

export function episodeRecord(episode: EpisodeEntity): AuditSnapshot {
  return {
    title: episode.title,
    description: episode.description,
    videoUrl: episode.videoUrl,
    duration: episode.duration,
    releaseDate: episode.releaseDate,
    cast: episode.cast,
    rating: episode.rating,
    category: episode.category,
    banner: episode.banner,
    titleImage: episode.titleImage,
    episodeNumber: episode.episodeNumber,
    seriesId: episode.seriesId,
  };
}

export function episodeRef(episode: Pick<EpisodeEntity, 'id' | 'title'>): AuditEntityRef {
  return { type: 'show', id: episode.id, label: episode.title };
}

export function seriesRef(series: Pick<SeriesEntity, 'id' | 'title'>): AuditEntityRef {
  return { type: 'series', id: series.id, label: series.title };
}

/** A series and its episodes (by number) as the audit trail compares them. */
export function seriesSnapshot(series: SeriesEntity, episodes: EpisodeEntity[]): AuditSnapshot {
  return {
    title: series.title,
    description: series.description,
    trailerUrl: series.trailerUrl,
    cast: series.cast,
    language: series.language,
    rating: series.rating,
    tags: series.tags,
    titleImage: series.titleImage,
    genre: series.genre,
    category: series.category,
    episodes: Object.fromEntries(
      episodes.map((episode) => [
        episode.episodeNumber,
        {
          title: episode.title,
          description: episode.description,
          videoUrl: episode.videoUrl,
          duration: episode.duration,
          releaseDate: episode.releaseDate,
          banner: episode.banner,
        },
      ]),
    ),
  };
}
