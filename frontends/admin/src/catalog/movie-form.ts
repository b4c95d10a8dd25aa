import {
  findLanguage,
  type Genre,
  type Language,
  MIN_RELEASE_YEAR,
  type Rating,
  type TitleType,
} from './catalog-lists';
import {
  appendText,
  compact,
  type FieldErrors,
  linkProblem,
  required,
  serverFieldErrors,
} from './form-rules';
import type { AdminMovie } from './types';

/** The movie form's text fields, named as SPEC §3 and DECISIONS D30 name them. */
export interface MovieFormValues {
  title: string;
  description: string;
  /** Comma separated (SPEC §2.13). */
  cast: string;
  language: Language;
  type: TitleType;
  releaseYear: string;
  duration: string;
  rating: Rating;
  isFree: boolean;
  genre: Genre[];
  movieUrl: string;
  trailerUrl: string;
}

/** The file pickers, named as the upload route names them (D30). */
export interface MovieFormFiles {
  thumbnail: File | null;
  banner: File | null;
  titleImage: File | null;
}

export type MovieField = keyof MovieFormValues | keyof MovieFormFiles;
export type MovieFormMode = 'upload' | 'edit';

export function emptyMovieForm(): MovieFormValues {
  return {
    title: '',
    description: '',
    cast: '',
    language: 'English',
    type: 'movie',
    releaseYear: '',
    duration: '',
    rating: 'U',
    isFree: false,
    genre: [],
    movieUrl: '',
    trailerUrl: '',
  };
}

/** SPEC §4.7: edit mode fills the form in; the language becomes the supported spelling, default English. */
export function movieFormFromMovie(movie: AdminMovie): MovieFormValues {
  return {
    title: movie.title ?? '',
    description: movie.description ?? '',
    cast: (movie.cast ?? []).join(', '),
    language: findLanguage(movie.language) ?? 'English',
    type: movie.type === 'series' ? 'series' : 'movie',
    releaseYear: movie.releaseYear ? String(movie.releaseYear) : '',
    duration: movie.duration ?? '',
    rating: movie.rating ?? 'U',
    isFree: Boolean(movie.isFree),
    genre: [...(movie.genre ?? [])],
    movieUrl: movie.movieUrl ?? '',
    trailerUrl: movie.trailerUrl ?? '',
  };
}

function releaseYearProblem(value: string, now: Date): string | undefined {
  const text = value.trim();
  if (!text) return 'Release year is required';
  const year = Number(text);
  const latest = now.getFullYear();
  return /^\d{4}$/.test(text) && year >= MIN_RELEASE_YEAR && year <= latest
    ? undefined
    : `Release year must be from ${MIN_RELEASE_YEAR} to ${latest}`;
}

/**
 * SPEC §5's required fields, enforced before anything is sent: title, description, cast, release
 * year, duration, genre, movie link, and the three pictures (an edit keeps the ones it has). The link
 * is optional for a title that plays an uploaded video instead (D23): `playsVideo`.
 */
export function validateMovieForm(
  values: MovieFormValues,
  files: MovieFormFiles,
  mode: MovieFormMode,
  now = new Date(),
  playsVideo = false,
): FieldErrors<MovieField> {
  const needsFile = (file: File | null, label: string) =>
    mode === 'upload' && !file ? `${label} is required` : undefined;
  return compact<MovieField>({
    title: required(values.title, 'Title'),
    description: required(values.description, 'Description'),
    cast: values.cast.split(',').some((name) => name.trim()) ? undefined : 'Cast is required',
    language: undefined,
    type: undefined,
    releaseYear: releaseYearProblem(values.releaseYear, now),
    duration: required(values.duration, 'Duration'),
    rating: undefined,
    isFree: undefined,
    genre: values.genre.length ? undefined : 'Choose at least one genre',
    movieUrl: linkProblem(values.movieUrl, 'Movie link', !playsVideo),
    trailerUrl: linkProblem(values.trailerUrl, 'Trailer link', false),
    thumbnail: needsFile(files.thumbnail, 'Thumbnail'),
    banner: needsFile(files.banner, 'Banner'),
    titleImage: needsFile(files.titleImage, 'Title image'),
  });
}

/**
 * DECISIONS D30: text fields under SPEC §3's names, `cast` comma-separated, `genre` once per genre,
 * `isFree` true/false, then the chosen files as `thumbnail`, `banner` and `titleImage`. Empty fields
 * are left out, so an edit keeps what it does not change.
 */
export function movieFormData(values: MovieFormValues, files: MovieFormFiles): FormData {
  const form = new FormData();
  appendText(form, 'title', values.title);
  appendText(form, 'description', values.description);
  appendText(form, 'cast', values.cast);
  form.append('language', values.language);
  form.append('type', values.type);
  appendText(form, 'releaseYear', values.releaseYear);
  appendText(form, 'duration', values.duration);
  form.append('rating', values.rating);
  form.append('isFree', values.isFree ? 'true' : 'false');
  for (const genre of values.genre) form.append('genre', genre);
  appendText(form, 'movieUrl', values.movieUrl);
  appendText(form, 'trailerUrl', values.trailerUrl);
  for (const name of ['thumbnail', 'banner', 'titleImage'] as const) {
    const file = files[name];
    if (file) form.append(name, file, file.name);
  }
  return form;
}

/** The API's payload names for the pictures, as the form names its pickers. */
export const MOVIE_FIELD_ALIASES = {
  thumbnailUrl: 'thumbnail',
  bannerUrl: 'banner',
  titlePngUrl: 'titleImage',
} as const;

export function movieServerErrors(fields: Record<string, string[]> | undefined): FieldErrors<MovieField> {
  return serverFieldErrors(fields, MOVIE_FIELD_ALIASES);
}
