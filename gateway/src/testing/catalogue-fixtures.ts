import { randomUUID } from 'node:crypto';
import type { AdminCreateEpisode, AdminCreateMovie, Language } from '@chitram/contracts';

/** A paid film of `language` whose stream is an outside link: what a test adds to the catalog as it is. */
export function testFilm(title: string, language: Language = 'Tamil'): AdminCreateMovie {
  return {
    title,
    description: 'A film.',
    cast: ['Someone'],
    genre: ['Drama'],
    language,
    rating: 'U',
    releaseYear: 2022,
    duration: '2hr',
    thumbnailUrl: `images/${randomUUID()}.webp`,
    bannerUrl: `images/${randomUUID()}.webp`,
    titlePngUrl: `images/${randomUUID()}.webp`,
    movieUrl: 'https://cdn.example.com/movies/film.m3u8',
    isFree: false,
  };
}

/** A political show's episode outside any series, its stream an outside link. */
export function testEpisode(title: string): AdminCreateEpisode {
  return {
    title,
    description: 'What the budget means.',
    videoUrl: 'https://cdn.example.com/shows/budget.m3u8',
    duration: '25 min',
    releaseDate: '2024-02-01',
    cast: ['Anchor'],
    rating: 'U',
    category: 'political',
    bannerUrl: `images/${randomUUID()}.webp`,
    titlePngUrl: `images/${randomUUID()}.webp`,
  };
}
