import type { Movie } from './catalog-answers';

// Rows picked for each profile (issue 22): "Because you watched X" and "Top 10 in {language} today".
// Types only, so the front ends import this module.

/** How many films a picked row holds at most. */
export const PICKED_ROW_LENGTH = 20;
/** Fewer co-watched films than this is too little data: the row is filled with X's genre and language. */
export const FEWEST_CO_WATCHED = 4;
/** The length of the "Top 10" row. */
export const TOP_TODAY_LENGTH = 10;

/** `GET /api/user/because-you-watched`: null when the profile has finished no film yet. */
export interface BecauseYouWatched {
  /** The film the row is about: the one the profile finished last. */
  watched: Movie;
  /**
   * Films that profiles who finished it also finished, most shared first, leaving out what this
   * profile has watched; then, when those are too few, films of its genre and language.
   */
  movies: Movie[];
  /** What the row rests on: enough co-watching, or the fallback of genre and language. */
  basis: 'co-watching' | 'genre-and-language';
}

/** `GET /api/home/top-today?language=`: the most played films of the language in the last 24 hours. */
export interface TopToday {
  language: string;
  /** Most played first: a film's rank is its place in the list, from 1. */
  movies: Array<Movie & { plays: number }>;
}

/** Event Events.titleFinished: a profile watched a title into its end credits. */
export interface TitleFinished {
  /** The profile (for an account's first profile, the viewer's id). */
  profileId: string;
  kind: 'movie' | 'episode';
  titleId: string;
  at: string;
}
