import type { Category, Genre, Language, Rating } from './catalog-lists';
import { findLanguage } from './catalog-lists';
import {
  appendText,
  compact,
  type FieldErrors,
  linkProblem,
  releaseDateProblem,
  required,
  serverFieldErrors,
  splitNames,
} from './form-rules';
import type { SeriesWithEpisodes } from './types';

/** One repeatable episode block of the series form (SPEC §2.13). */
export interface EpisodeBlock {
  /** Tells blocks apart on screen, also before they are saved. */
  key: string;
  /** The saved episode this block edits; none for a new one. */
  id?: string;
  title: string;
  /** The episode's link. */
  videoUrl: string;
  description: string;
  /** Upload date, YYYY-MM-DD, not after today. */
  releaseDate: string;
  duration: string;
  /** The banner the saved episode already has. */
  bannerUrl?: string;
  banner: File | null;
}

export interface SeriesFormValues {
  title: string;
  description: string;
  trailerUrl: string;
  /** Comma separated. */
  cast: string;
  language: Language;
  rating: Rating;
  /** Comma separated. */
  tags: string;
  genre: Genre[];
  category: Category;
  episodes: EpisodeBlock[];
}

let blockCount = 0;
function blockKey(): string {
  blockCount += 1;
  return `episode-${blockCount}`;
}

export function emptyEpisodeBlock(): EpisodeBlock {
  return {
    key: blockKey(),
    title: '',
    videoUrl: '',
    description: '',
    releaseDate: '',
    duration: '',
    banner: null,
  };
}

export function emptySeriesForm(): SeriesFormValues {
  return {
    title: '',
    description: '',
    trailerUrl: '',
    cast: '',
    language: 'English',
    rating: 'U',
    tags: '',
    genre: [],
    category: 'political',
    episodes: [emptyEpisodeBlock()],
  };
}

export function seriesFormFromSeries(series: SeriesWithEpisodes): SeriesFormValues {
  return {
    title: series.title ?? '',
    description: series.description ?? '',
    trailerUrl: series.trailerUrl ?? '',
    cast: (series.cast ?? []).join(', '),
    language: findLanguage(series.language) ?? 'English',
    rating: series.rating ?? 'U',
    tags: (series.tags ?? []).join(', '),
    genre: [...(series.genre ?? [])],
    category: series.category ?? 'political',
    episodes: [...(series.episodes ?? [])]
      .sort((a, b) => a.episodeNumber - b.episodeNumber)
      .map((episode) => ({
        key: blockKey(),
        id: episode._id,
        title: episode.title ?? '',
        videoUrl: episode.videoUrl ?? '',
        description: episode.description ?? '',
        releaseDate: (episode.releaseDate ?? '').slice(0, 10),
        duration: episode.duration ?? '',
        bannerUrl: episode.bannerUrl || undefined,
        banner: null,
      })),
  };
}

/** A block field's form name: `episodes[0][title]`. */
export function blockField(index: number, field: string): string {
  return `episodes[${index}][${field}]`;
}

/** Every required field of the series and of each episode block, checked before sending. */
export function validateSeriesForm(values: SeriesFormValues, now = new Date()): FieldErrors {
  const errors: FieldErrors = compact({
    title: required(values.title, 'Title'),
    trailerUrl: linkProblem(values.trailerUrl, 'Trailer URL', false),
    cast: splitNames(values.cast).length ? undefined : 'Cast is required',
    genre: values.genre.length ? undefined : 'Choose at least one genre',
    episodes: values.episodes.length ? undefined : 'Add at least one episode',
  });
  values.episodes.forEach((block, index) => {
    const blockErrors = compact({
      title: required(block.title, 'Episode title'),
      videoUrl: linkProblem(block.videoUrl, 'Episode link', true),
      description: required(block.description, 'Description'),
      releaseDate: releaseDateProblem(block.releaseDate, now),
      duration: required(block.duration, 'Duration'),
      banner: block.banner || block.bannerUrl ? undefined : 'Banner is required',
    });
    for (const [field, message] of Object.entries(blockErrors)) errors[blockField(index, field)] = message;
  });
  return errors;
}

/**
 * The series route's multipart form (DECISIONS D11): series fields (cast, tags and genre repeated),
 * `titleImage`, and one block of `episodes[i][…]` fields per episode in order, each with its `banner`
 * file or, for a saved episode, its `id` and the banner it keeps.
 */
export function seriesFormData(values: SeriesFormValues, titleImage: File | null): FormData {
  const form = new FormData();
  appendText(form, 'title', values.title);
  appendText(form, 'description', values.description);
  appendText(form, 'trailerUrl', values.trailerUrl);
  for (const name of splitNames(values.cast)) form.append('cast[]', name);
  form.append('language', values.language);
  form.append('rating', values.rating);
  for (const tag of splitNames(values.tags)) form.append('tags[]', tag);
  for (const genre of values.genre) form.append('genre', genre);
  form.append('category', values.category);
  values.episodes.forEach((block, index) => {
    if (block.id) form.append(blockField(index, 'id'), block.id);
    appendText(form, blockField(index, 'title'), block.title);
    appendText(form, blockField(index, 'videoUrl'), block.videoUrl);
    appendText(form, blockField(index, 'description'), block.description);
    appendText(form, blockField(index, 'releaseDate'), block.releaseDate);
    appendText(form, blockField(index, 'duration'), block.duration);
    if (!block.banner && block.bannerUrl) form.append(blockField(index, 'bannerUrl'), block.bannerUrl);
  });
  // Files after the text, so the server knows the whole form before the uploads finish.
  if (titleImage) form.append('titleImage', titleImage, titleImage.name);
  values.episodes.forEach((block, index) => {
    if (block.banner) form.append(blockField(index, 'banner'), block.banner, block.banner.name);
  });
  return form;
}

export function seriesServerErrors(fields: Record<string, string[]> | undefined): FieldErrors {
  return serverFieldErrors(fields, { titlePngUrl: 'titleImage', bannerUrl: 'banner' });
}
