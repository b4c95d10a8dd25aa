import type { Movie } from '../catalog/types';

/** A playable drama film for tests, named by `id`, with whatever `over` changes. */
export function aMovie(id: string, over: Partial<Movie> = {}): Movie {
  return {
    _id: id,
    slug: `title-${id}`,
    title: `Title ${id}`,
    description: '',
    cast: [],
    genre: ['Drama'],
    language: 'Telugu',
    rating: 'U',
    releaseYear: 2020,
    duration: '2hr',
    thumbnailUrl: '',
    bannerUrl: '',
    titlePngUrl: '',
    trailerUrl: null,
    isFree: false,
    type: 'movie',
    vendor: null,
    playable: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...over,
  };
}
