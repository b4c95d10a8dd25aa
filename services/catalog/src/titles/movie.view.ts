import { imageUrl, type AdminMovie, type Movie } from '@chitram/contracts';
import { isPlayable } from '../videos/playable';
import { titleVideoOf, videoColumns } from '../videos/title-video';
import type { MovieEntity } from './movie.entity';

/** The columns of a MovieEntity, for raw SQL over `movie m`. */
export const MOVIE_COLUMNS = `m.id, m.slug, m.title, m.description, m."cast", m.genre, m.language, m.rating,
  m.release_year AS "releaseYear", m.duration, m.thumbnail, m.banner, m.title_image AS "titleImage",
  m.trailer_url AS "trailerUrl", m.movie_url AS "movieUrl", m.is_free AS "isFree", m.type, m.vendor,
  m.created_at AS "createdAt", m.updated_at AS "updatedAt", ${videoColumns('m')}`;

/** The public answer (DECISIONS D28); the stream link stays out (D23). */
export function toMovie(row: MovieEntity): Movie {
  return {
    _id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    cast: row.cast,
    genre: row.genre,
    language: row.language,
    rating: row.rating,
    releaseYear: row.releaseYear,
    duration: row.duration,
    thumbnailUrl: imageUrl(row.thumbnail) ?? '',
    bannerUrl: imageUrl(row.banner) ?? '',
    titlePngUrl: imageUrl(row.titleImage) ?? '',
    trailerUrl: row.trailerUrl,
    isFree: row.isFree,
    type: row.type,
    vendor: row.vendor,
    playable: isPlayable(titleVideoOf(row), row.movieUrl),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toAdminMovie(row: MovieEntity): AdminMovie {
  return { ...toMovie(row), movieUrl: row.movieUrl, video: titleVideoOf(row) };
}
