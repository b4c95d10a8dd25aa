import type { Category, Rating } from './catalog-lists';
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
import type { Episode } from './types';

/** The show form of SPEC §2.13, its fields named as SPEC §3 names an episode's. */
export interface ShowFormValues {
  title: string;
  videoUrl: string;
  duration: string;
  /** YYYY-MM-DD. */
  releaseDate: string;
  /** Comma separated; sent as repeated `cast[]` entries (SPEC §7). */
  cast: string;
  rating: Rating;
  category: Category;
  description: string;
  /** Left empty, the next number in its category is given. */
  episodeNumber: string;
}

export interface ShowFormFiles {
  banner: File | null;
  titleImage: File | null;
}

export type ShowField = keyof ShowFormValues | keyof ShowFormFiles;

export function emptyShowForm(): ShowFormValues {
  return {
    title: '',
    videoUrl: '',
    duration: '',
    releaseDate: '',
    cast: '',
    rating: 'U',
    category: 'political',
    description: '',
    episodeNumber: '',
  };
}

export function showFormFromEpisode(show: Episode): ShowFormValues {
  return {
    title: show.title ?? '',
    videoUrl: show.videoUrl ?? '',
    duration: show.duration ?? '',
    releaseDate: (show.releaseDate ?? '').slice(0, 10),
    cast: (show.cast ?? []).join(', '),
    rating: show.rating ?? 'U',
    category: show.category ?? 'political',
    description: show.description ?? '',
    episodeNumber: show.episodeNumber ? String(show.episodeNumber) : '',
  };
}

/**
 * Required: title, description, video link, duration, a release date not after today, and (new) a
 * banner. The link is optional for a show that plays an uploaded video instead (D23): `playsVideo`.
 */
export function validateShowForm(
  values: ShowFormValues,
  files: ShowFormFiles,
  mode: 'upload' | 'edit',
  now = new Date(),
  playsVideo = false,
): FieldErrors<ShowField> {
  const number = values.episodeNumber.trim();
  return compact<ShowField>({
    title: required(values.title, 'Title'),
    videoUrl: linkProblem(values.videoUrl, 'Video URL', !playsVideo),
    duration: required(values.duration, 'Duration'),
    releaseDate: releaseDateProblem(values.releaseDate, now),
    cast: undefined,
    rating: undefined,
    category: undefined,
    description: required(values.description, 'Description'),
    episodeNumber:
      !number || /^[1-9]\d{0,4}$/.test(number) ? undefined : 'Episode number must be a whole number from 1',
    banner: mode === 'upload' && !files.banner ? 'Banner is required' : undefined,
    titleImage: undefined,
  });
}

/**
 * DECISIONS D30: text fields under SPEC §3's episode names, the cast as repeated `cast[]` entries,
 * empty fields left out, files `banner` and `titleImage`.
 */
export function showFormData(values: ShowFormValues, files: ShowFormFiles): FormData {
  const form = new FormData();
  appendText(form, 'title', values.title);
  appendText(form, 'videoUrl', values.videoUrl);
  appendText(form, 'duration', values.duration);
  appendText(form, 'releaseDate', values.releaseDate);
  for (const name of splitNames(values.cast)) form.append('cast[]', name);
  form.append('rating', values.rating);
  form.append('category', values.category);
  appendText(form, 'description', values.description);
  appendText(form, 'episodeNumber', values.episodeNumber);
  for (const name of ['banner', 'titleImage'] as const) {
    const file = files[name];
    if (file) form.append(name, file, file.name);
  }
  return form;
}

export function showServerErrors(fields: Record<string, string[]> | undefined): FieldErrors<ShowField> {
  return serverFieldErrors(fields, {
    bannerUrl: 'banner',
    titlePngUrl: 'titleImage',
  });
}
