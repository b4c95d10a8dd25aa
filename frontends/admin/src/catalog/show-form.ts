import { checkFields, type FieldContext, type FormDescription } from '../components/field-description';
import { type Category, IMAGE_TYPES, type Rating } from './catalog-lists';
import { appendText, type FieldErrors, serverFieldErrors, splitNames } from './form-rules';
import { CATEGORY_FIELD, RATING_FIELD, TITLE_FIELD } from './title-fields';
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

/** What the show form's fields depend on: upload or edit, the show edited, and its video. */
export interface ShowFormContext extends FieldContext {
  mode: 'upload' | 'edit';
  /** A video file is chosen, or the show has an uploaded one: it plays that, and needs no link (D23). */
  playsVideo: boolean;
  show?: Episode | null;
}

/**
 * SPEC §2.13 show form. Required: title, description, video link, duration, a release date not after
 * today, and (new) a banner. The link is optional for a show that plays an uploaded video instead (D23).
 */
export const SHOW_FORM: FormDescription<ShowFormContext> = {
  fields: [
    TITLE_FIELD,
    {
      name: 'videoUrl',
      label: 'Video URL',
      kind: 'url',
      required: ({ playsVideo }) => !playsVideo,
      placeholder: 'https://',
      hint: 'Optional when a video file is uploaded below',
    },
    { name: 'duration', label: 'Duration', kind: 'text', required: true, placeholder: '25min' },
    { name: 'releaseDate', label: 'Release date', kind: 'date', required: true },
    {
      name: 'episodeNumber',
      label: 'Episode number',
      kind: 'text',
      inputMode: 'numeric',
      rule: 'whole-number',
      hint: 'Empty: the next in its category',
    },
    { name: 'cast', label: 'Cast', kind: 'text', hint: 'Separate names with commas' },
    RATING_FIELD,
    CATEGORY_FIELD,
    { name: 'description', label: 'Description', kind: 'long-text', required: true },
    {
      name: 'banner',
      label: 'Banner',
      kind: 'upload',
      accept: IMAGE_TYPES,
      required: ({ mode }) => mode === 'upload',
      currentUrl: ({ show }) => show?.bannerUrl,
      hint: 'Wide picture, up to 10 MB',
    },
    {
      name: 'titleImage',
      label: 'Title image',
      kind: 'upload',
      accept: IMAGE_TYPES,
      aspect: '8 / 3',
      currentUrl: ({ show }) => show?.titlePngUrl,
    },
  ],
  main: [
    {
      title: 'Episode',
      items: [
        'title',
        'videoUrl',
        'video',
        ['duration', 'releaseDate', 'episodeNumber'],
        'cast',
        ['rating', 'category'],
        'description',
      ],
    },
  ],
  side: [
    { title: 'Content partner', items: ['partner'] },
    { title: 'Pictures', items: ['banner', 'titleImage'] },
  ],
};

/** SHOW_FORM's checks on these values and files (`playsVideo`: the show plays an uploaded video). */
export function validateShowForm(
  values: ShowFormValues,
  files: ShowFormFiles,
  mode: 'upload' | 'edit',
  now = new Date(),
  playsVideo = false,
): FieldErrors<ShowField> {
  const valueOf = (name: string) =>
    name in files ? files[name as keyof ShowFormFiles] : values[name as keyof ShowFormValues];
  return checkFields(SHOW_FORM.fields, valueOf, { mode, now, playsVideo });
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
