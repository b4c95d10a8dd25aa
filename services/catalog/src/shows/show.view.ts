import { imageUrl, type Episode, type Series } from '@chitram/contracts';
import { isPlayable } from '../videos/playable';
import { titleVideoOf, videoColumns } from '../videos/title-video';
import type { EpisodeEntity } from './episode.entity';
import type { SeriesEntity } from './series.entity';

/** The columns of an EpisodeEntity, for raw SQL over `episode e`. */
export const EPISODE_COLUMNS = `e.id, e.series_id AS "seriesId", e.title, e.description, e.video_url AS "videoUrl",
  e.duration, e.release_date::text AS "releaseDate", e."cast", e.rating, e.category, e.banner,
  e.title_image AS "titleImage", e.episode_number AS "episodeNumber", e.created_at AS "createdAt",
  e.updated_at AS "updatedAt", ${videoColumns('e')}`;

export function toEpisode(row: EpisodeEntity): Episode {
  return {
    _id: row.id,
    seriesId: row.seriesId,
    title: row.title,
    description: row.description,
    videoUrl: row.videoUrl,
    duration: row.duration,
    releaseDate: row.releaseDate,
    cast: row.cast,
    rating: row.rating,
    category: row.category,
    bannerUrl: imageUrl(row.banner) ?? '',
    titlePngUrl: imageUrl(row.titleImage),
    episodeNumber: row.episodeNumber,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    video: titleVideoOf(row),
    playable: isPlayable(titleVideoOf(row), row.videoUrl),
  };
}

/** An episode in a public list: its link stays out, since episodes play through the stream grant (D23). */
export function toPublicEpisode(row: EpisodeEntity): Episode {
  const { videoUrl: _link, ...episode } = toEpisode(row);
  return episode;
}

/** A series' answer but its episode count, which search adds from its own count of the episodes. */
export function toSeriesWithoutCount(row: SeriesEntity): Omit<Series, 'episodeCount'> {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    trailerUrl: row.trailerUrl,
    cast: row.cast,
    language: row.language,
    rating: row.rating,
    tags: row.tags,
    titlePngUrl: imageUrl(row.titleImage),
    genre: row.genre,
    category: row.category,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toSeries(row: SeriesEntity, episodeCount: number): Series {
  return { ...toSeriesWithoutCount(row), episodeCount };
}
