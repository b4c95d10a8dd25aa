import type { Category, Genre, Language, Rating, TitleType } from './catalog-lists';

// What the catalogue API answers admins (SPEC §3, §7; DECISIONS D28). Image fields are URLs to load.

export interface AdminMovie {
  _id: string;
  slug: string;
  title: string;
  description: string;
  cast: string[];
  genre: Genre[];
  language: Language;
  rating: Rating;
  releaseYear: number;
  duration: string;
  thumbnailUrl: string;
  bannerUrl: string;
  titlePngUrl: string;
  trailerUrl: string | null;
  movieUrl: string;
  isFree: boolean;
  type: TitleType;
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

export interface Series {
  _id: string;
  title: string;
  description: string | null;
  trailerUrl: string | null;
  cast: string[];
  language: Language;
  rating: Rating;
  tags: string[];
  titlePngUrl: string | null;
  genre: Genre[];
  category: Category;
  episodeCount: number;
}

export interface SeriesWithEpisodes extends Series {
  episodes: Episode[];
}

export interface AdminMoviePage {
  movies: AdminMovie[];
  currentPage: number;
  totalMovies: number;
  totalPages: number;
}

/** SPEC §7's three names, and the page count beside them. */
export interface EpisodePage {
  paginatedEpisodes: Episode[];
  currentPage: number;
  totalEpisodes: number;
  totalPages?: number;
}

export interface SeriesPage {
  series: Series[];
  currentPage: number;
  totalSeries: number;
  totalPages: number;
}
