import type { LanguageName } from '../app/languages';
import type { Category, Genre, Rating } from './catalog-lists';

// What the catalogue API answers (SPEC §3, §7, DECISIONS D28), as far as the viewer reads it.

export interface Movie {
  _id: string;
  /** Unique URL name (DECISIONS D10): `/movie/{slug}/play`. */
  slug: string;
  title: string;
  description: string;
  cast: string[];
  genre: Genre[];
  language: LanguageName;
  rating: Rating;
  releaseYear: number;
  /** '2hr 30min'. */
  duration: string;
  thumbnailUrl: string;
  bannerUrl: string;
  titlePngUrl: string;
  trailerUrl: string | null;
  isFree: boolean;
  type: 'movie' | 'series';
}

export interface Episode {
  _id: string;
  seriesId: string | null;
  title: string;
  description: string;
  videoUrl: string;
  duration: string;
  /** YYYY-MM-DD. */
  releaseDate: string;
  cast: string[];
  rating: Rating;
  category: Category;
  bannerUrl: string;
  titlePngUrl: string | null;
  episodeNumber: number;
}

/** `GET /api/home/content`. */
export interface HomeContent {
  genreMovies: Partial<Record<Genre, Movie[]>>;
}

/** `GET /api/movie/{idOrSlug}`. */
export interface MovieMeta {
  meta: Movie;
}

/** `GET /api/series/category/{category}/episodes`. */
export interface CategoryEpisodes {
  episodes: Episode[];
}
