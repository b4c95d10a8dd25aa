import { randomUUID } from 'node:crypto';
import {
  addDays,
  todayInIndia,
  type AdminCreateEpisode,
  type AdminCreateMovie,
  type AdminCreateSeries,
  type SeriesEpisodeInput,
} from '@chitram/contracts';

/** A key shaped as the media service stores images. */
export function imageKey(): string {
  return `images/${randomUUID()}.webp`;
}

/**
 * A payload as the gateway's upload route sends it: the form's text where the request holds lists,
 * numbers and booleans (`cast: 'A, B'`, `isFree: 'false'`), which the catalog reads into `T` with the
 * request's own transforms. The one place the fixtures say so to the compiler.
 */
function sentAs<T>(json: Record<string, unknown>): T {
  return json as T;
}

/** The JSON the media engineer's upload route sends after storing the three images. */
export function movieInput(overrides: Record<string, unknown> = {}): AdminCreateMovie {
  return sentAs({
    title: 'Monsoon Kingdom',
    description: 'A fisherman in Kerala fights a flood.',
    cast: 'Mohanlal Nair, Parvathy Menon',
    genre: ['Drama'],
    language: 'Malayalam',
    rating: 'U/A',
    releaseYear: 2021,
    duration: '2hr 10min',
    thumbnailUrl: imageKey(),
    bannerUrl: imageKey(),
    titlePngUrl: imageKey(),
    movieUrl: 'https://cdn.example.com/movies/monsoon-kingdom.m3u8',
    isFree: 'false',
    ...overrides,
  });
}

export function episodeInput(overrides: Record<string, unknown> = {}): AdminCreateEpisode {
  return sentAs({
    title: 'The Budget Session',
    description: 'What the new budget means for farmers.',
    videoUrl: 'https://cdn.example.com/shows/budget.m3u8',
    duration: '25 min',
    releaseDate: '2024-02-01',
    cast: ['Ravish Kumar'],
    rating: 'U',
    category: 'political',
    bannerUrl: imageKey(),
    titlePngUrl: imageKey(),
    ...overrides,
  });
}

export function seriesEpisodeBlock(overrides: Record<string, unknown> = {}): SeriesEpisodeInput {
  return sentAs({
    title: 'Breathing Right',
    videoUrl: 'https://cdn.example.com/shows/breathing.m3u8',
    description: 'Pranayama for beginners.',
    releaseDate: '2024-03-01',
    duration: '18min',
    bannerUrl: imageKey(),
    ...overrides,
  });
}

export function seriesInput(overrides: Record<string, unknown> = {}): AdminCreateSeries {
  return sentAs({
    title: 'Yoga Every Morning',
    trailerUrl: 'https://cdn.example.com/shows/yoga-trailer.mp4',
    cast: 'Shilpa Shetty',
    language: 'Hindi',
    rating: 'U',
    tags: 'yoga, fitness',
    titlePngUrl: imageKey(),
    genre: ['Kids'],
    category: 'health',
    episodes: [
      seriesEpisodeBlock(),
      seriesEpisodeBlock({ title: 'Sun Salutation', releaseDate: '2024-03-08' }),
    ],
    ...overrides,
  });
}

/** Tomorrow in India, as YYYY-MM-DD: a date an episode may not have yet. */
export function tomorrow(): string {
  return addDays(todayInIndia(), 1);
}
