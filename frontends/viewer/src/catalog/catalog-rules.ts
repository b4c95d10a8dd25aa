import { GENRES, type Genre } from './catalog-lists';
import type { Episode, HomeContent, Movie } from './types';

/** DECISIONS D10: a title's page. */
export function playPath(movie: Pick<Movie, 'slug'>): string {
  return `/movie/${encodeURIComponent(movie.slug)}/play`;
}

export interface Rail {
  genre: Genre;
  movies: Movie[];
}

/** The home page's rails: one per genre that has titles, in SPEC §5's order. */
export function homeRails(content: HomeContent | null | undefined): Rail[] {
  const groups = content?.genreMovies ?? {};
  return GENRES.flatMap((genre) => {
    const movies = groups[genre] ?? [];
    return movies.length > 0 ? [{ genre, movies }] : [];
  });
}

/** Every title of the rails once, in rail order. */
export function distinctMovies(rails: Rail[]): Movie[] {
  const seen = new Set<string>();
  const movies: Movie[] = [];
  for (const rail of rails)
    for (const movie of rail.movies)
      if (!seen.has(movie._id)) {
        seen.add(movie._id);
        movies.push(movie);
      }
  return movies;
}

/**
 * The hero of the home page: the first featured title, else the first trending one, else the first of
 * any rail; among them the first that plays (issue 19: a hero's Watch now plays), and only when none
 * does, the first of them all ("Coming soon").
 */
export function heroMovie(rails: Rail[]): Movie | null {
  const inOrder = [
    ...(['Featured', 'Trending'] as const).flatMap(
      (genre) => rails.find((r) => r.genre === genre)?.movies ?? [],
    ),
    ...rails.flatMap((rail) => rail.movies),
  ];
  return inOrder.find((movie) => movie.playable) ?? inOrder[0] ?? null;
}

/** SPEC §3: the cast shown joined by commas. */
export function castLine(cast: readonly string[] | null | undefined): string {
  return (cast ?? []).join(', ');
}

/** Everyone in a category's episodes, once, in order of appearance. */
export function categoryCast(episodes: readonly Episode[]): string[] {
  return [...new Set(episodes.flatMap((e) => e.cast ?? []))];
}

/** SPEC §5: a banner may be a short video; its stored name says which. */
export function isVideoUrl(url: string | null | undefined): boolean {
  return /\.(mp4|webm)(?:[?#].*)?$/i.test(url ?? '');
}

/** The letters a missing picture shows instead: 'Kaala Patthar' → 'KP'. */
export function initials(title: string): string {
  const words = title.trim().split(/\s+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => Array.from(word)[0]?.toUpperCase() ?? '')
    .join('');
}
