import type { Category, Genre, Language, Rating, TitleType } from './catalog-lists';
import type { TitleVideo } from './videos-answers';

// What the catalogue answers (DECISIONS D28: `_id` and SPEC §3's names; images as URLs a browser can
// load). Types only, so the front ends import them by sub-path without the validation libraries.

/** A movie as the public API answers it. The stream link (`movieUrl`) is left out (D23). */
export interface Movie {
  _id: string;
  /** Unique URL name (D10): `/movie/{slug}/play`. */
  slug: string;
  title: string;
  description: string;
  cast: string[];
  genre: Genre[];
  language: Language;
  rating: Rating;
  releaseYear: number;
  /** '2hr 30min'. */
  duration: string;
  thumbnailUrl: string;
  bannerUrl: string;
  titlePngUrl: string;
  trailerUrl: string | null;
  isFree: boolean;
  type: TitleType;
  vendor: string | null;
  /**
   * Whether it has something to play now: a ready video, or its own link (D23). One that has not is
   * shown "Coming soon", with no Play (issue 19).
   */
  playable: boolean;
  createdAt: string;
  updatedAt: string;
}

/** A movie as admins (and other services) see it: with its stream link and its uploaded video. */
export interface AdminMovie extends Movie {
  movieUrl: string;
  /** The uploaded video and its transcoding state (D23); null when the title plays only its link. */
  video: TitleVideo | null;
}

/** An episode (SPEC's "show"). */
export interface Episode {
  _id: string;
  seriesId: string | null;
  title: string;
  description: string;
  /** The episode's own link (D23): in admin answers only; public lists leave it out (issue 8). */
  videoUrl?: string;
  duration: string;
  /** YYYY-MM-DD. */
  releaseDate: string;
  cast: string[];
  rating: Rating;
  category: Category;
  bannerUrl: string;
  titlePngUrl: string | null;
  episodeNumber: number;
  createdAt: string;
  updatedAt: string;
  /** The uploaded video and its transcoding state (D23); null when the episode plays only its link. */
  video?: TitleVideo | null;
  /** As a movie's: a ready video or its own link; otherwise "Coming soon" (issue 19). */
  playable: boolean;
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
  createdAt: string;
  updatedAt: string;
}

export interface SeriesWithEpisodes extends Series {
  episodes: Episode[];
}

/**
 * `GET /api/search?q=` (issue 19): what a term finds, by kind, each group best first. `movies` is what
 * `GET /api/home/search` answers for the same term.
 */
export interface TitleSearchResults {
  movies: Movie[];
  series: Series[];
  /** Public episodes (no link: D23), with or without a series. */
  episodes: Episode[];
}

/** `GET /api/home/content`: the rails of the home page, one per genre that has titles, in GENRES order. */
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
  /** The series those episodes belong to, by id and title: the page groups episodes under them. */
  series?: Array<Pick<Series, '_id' | 'title'>>;
}

/** `GET /api/series/episodes?page=&search=` (SPEC §7's three names, and the page count beside them). */
export interface EpisodePage {
  paginatedEpisodes: Episode[];
  currentPage: number;
  totalEpisodes: number;
  totalPages: number;
}

export interface AdminMoviePage {
  movies: AdminMovie[];
  currentPage: number;
  totalMovies: number;
  totalPages: number;
}

export interface SeriesPage {
  series: Series[];
  currentPage: number;
  totalSeries: number;
  totalPages: number;
}

/**
 * The answer to every catalogue write over NATS. `releasedImageKeys` are stored images that the
 * write left unreferenced (replaced or deleted), so the media service may remove them.
 */
export interface MovieSaved {
  movie: AdminMovie;
  releasedImageKeys: string[];
}
export interface EpisodeSaved {
  episode: Episode;
  releasedImageKeys: string[];
}
export interface SeriesSaved {
  series: SeriesWithEpisodes;
  releasedImageKeys: string[];
}
export interface CatalogueItemRemoved {
  _id: string;
  releasedImageKeys: string[];
}

/** Event on Subjects.catalog.changed: the catalogue version after an admin write. */
export interface CatalogueChanged {
  version: number;
}

/** Event Events.catalogImagesReleased, from the catalog's outbox. */
export interface CatalogueImagesReleased {
  keys: string[];
}

/** What to play for a title (`Subjects.catalog.playback.source`): the gateway's stream grant starts here. */
export interface PlaybackSource {
  titleId: string;
  kind: 'movie' | 'episode';
  title: string;
  isFree: boolean;
  /** The title's content rating (D26), for a kids profile's grant (D37); absent from older catalog services. */
  rating?: Rating;
  /** The title's own link (D23: played as given) when it has no ready video; null otherwise. */
  externalUrl: string | null;
  video: TitleVideo | null;
}

/** Event Events.catalogVideosReleased: videos of titles that were deleted, for media to remove. */
export interface CatalogueVideosReleased {
  videoIds: string[];
}
