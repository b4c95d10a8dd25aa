import { checkFields, type FieldContext, type FormDescription } from '../components/field-description';
import {
  BANNER_TYPES,
  findLanguage,
  type Genre,
  IMAGE_TYPES,
  type Language,
  MIN_RELEASE_YEAR,
  type Rating,
  TITLE_TYPES,
  type TitleType,
} from './catalog-lists';
import { appendText, type FieldErrors, serverFieldErrors } from './form-rules';
import { CAST_FIELD, LANGUAGE_FIELD, RATING_FIELD, TITLE_FIELD } from './title-fields';
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

/** What the movie form's fields depend on: upload or edit, the movie edited, and its video. */
export interface MovieFormContext extends FieldContext {
  mode: MovieFormMode;
  /** A video file is chosen, or the movie has an uploaded one: it plays that, and needs no link (D23). */
  playsVideo: boolean;
  /** A video file is chosen in the form. */
  choosesVideo: boolean;
  movie?: AdminMovie | null;
}

const onUpload = ({ mode }: MovieFormContext) => mode === 'upload';

/**
 * SPEC §2.13 / §5: the movie form's fields, required ones enforced before anything is sent: title,
 * description, cast, release year, duration, genre, movie link, and the three pictures (an edit keeps
 * the ones it has). The link is optional for a title that plays an uploaded video instead (D23).
 */
export const MOVIE_FORM: FormDescription<MovieFormContext> = {
  fields: [
    TITLE_FIELD,
    { name: 'description', label: 'Description', kind: 'long-text', required: true },
    { ...CAST_FIELD, placeholder: 'Ravi Teja, Sai Pallavi' },
    LANGUAGE_FIELD,
    {
      name: 'type',
      label: 'Type',
      kind: 'select',
      options: TITLE_TYPES,
      optionLabel: (type) => (type === 'movie' ? 'Movie' : 'Series'),
    },
    RATING_FIELD,
    {
      name: 'releaseYear',
      label: 'Release year',
      kind: 'year',
      min: MIN_RELEASE_YEAR,
      required: true,
      hint: ({ now }) => `${MIN_RELEASE_YEAR} to ${now.getFullYear()}`,
    },
    { name: 'duration', label: 'Duration', kind: 'text', required: true, placeholder: '2hr 30min' },
    { name: 'isFree', label: 'Free to watch', kind: 'yes-no' },
    { name: 'genre', label: 'Genre', kind: 'genres', required: true },
    {
      name: 'movieUrl',
      label: 'Movie link',
      kind: 'url',
      placeholder: 'https://',
      required: ({ mode, choosesVideo }) => mode === 'upload' && !choosesVideo,
      checkRequired: ({ playsVideo }) => !playsVideo,
      hint: ({ mode }) =>
        mode === 'edit'
          ? 'Leave empty to keep the current link'
          : 'Optional when a video file is uploaded below',
    },
    { name: 'trailerUrl', label: 'Trailer link', kind: 'url', placeholder: 'https:// (optional)' },
    {
      name: 'thumbnail',
      label: 'Thumbnail',
      kind: 'upload',
      accept: IMAGE_TYPES,
      required: onUpload,
      aspect: '2 / 3',
      currentUrl: ({ movie }) => movie?.thumbnailUrl,
      hint: 'Poster, 2:3, up to 10 MB',
    },
    {
      name: 'banner',
      label: 'Banner',
      kind: 'upload',
      accept: BANNER_TYPES,
      required: onUpload,
      currentUrl: ({ movie }) => movie?.bannerUrl,
      hint: 'Wide picture or short video (up to 50 MB)',
    },
    {
      name: 'titleImage',
      label: 'Title image',
      kind: 'upload',
      accept: IMAGE_TYPES,
      required: onUpload,
      aspect: '8 / 3',
      currentUrl: ({ movie }) => movie?.titlePngUrl,
      hint: 'The title as a transparent PNG',
    },
  ],
  main: [
    {
      title: 'Details',
      items: [
        'title',
        'description',
        'cast',
        ['language', 'type', 'rating'],
        ['releaseYear', 'duration', 'isFree'],
      ],
    },
    { title: 'Genres', items: ['genre'] },
    { title: 'Playback', items: ['movieUrl', 'video', 'trailer', 'trailerUrl'] },
  ],
  side: [
    { title: 'Content partner', items: ['partner'] },
    { title: 'Pictures', items: ['thumbnail', 'banner', 'titleImage'] },
  ],
};

/** MOVIE_FORM's checks on these values and files (`playsVideo`: the movie plays an uploaded video). */
export function validateMovieForm(
  values: MovieFormValues,
  files: MovieFormFiles,
  mode: MovieFormMode,
  now = new Date(),
  playsVideo = false,
): FieldErrors<MovieField> {
  const valueOf = (name: string) =>
    name in files ? files[name as keyof MovieFormFiles] : values[name as keyof MovieFormValues];
  return checkFields(MOVIE_FORM.fields, valueOf, { mode, now, playsVideo, choosesVideo: playsVideo });
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
