import type { AuditEntityRef } from '@chitram/contracts';
import type { AuditSnapshot } from '@chitram/nest-kit';
import type { MovieEntity } from './movie.entity';

/** What the audit trail compares of a movie: the form's fields, pictures as their stored keys (never bytes). */
export function movieRecord(movie: MovieEntity): AuditSnapshot {
  return {
    title: movie.title,
    description: movie.description,
    cast: movie.cast,
    genre: movie.genre,
    language: movie.language,
    rating: movie.rating,
    releaseYear: movie.releaseYear,
    duration: movie.duration,
    thumbnail: movie.thumbnail,
    banner: movie.banner,
    titleImage: movie.titleImage,
    trailerUrl: movie.trailerUrl,
    movieUrl: movie.movieUrl,
    isFree: movie.isFree,
    type: movie.type,
    vendor: movie.vendor,
  };
}

export function movieRef(movie: Pick<MovieEntity, 'id' | 'title'>): AuditEntityRef {
  return { type: 'movie', id: movie.id, label: movie.title };
}
