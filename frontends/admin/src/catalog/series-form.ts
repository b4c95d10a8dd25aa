import {
  checkFields,
  type FieldContext,
  type FieldDescription,
  type FormDescription,
  type LayoutItem,
} from '../components/field-description';
import type { UploadPhase } from '../videos/use-video-upload';
import type { TitleVideo } from '../videos/video-rules';
import {
  type Category,
  findLanguage,
  type Genre,
  IMAGE_TYPES,
  type Language,
  type Rating,
} from './catalog-lists';
import { appendText, type FieldErrors, serverFieldErrors, splitNames } from './form-rules';
import { CAST_FIELD, CATEGORY_FIELD, LANGUAGE_FIELD, RATING_FIELD, TITLE_FIELD } from './title-fields';
import type { SeriesWithEpisodes } from './types';

/** One repeatable episode block of the series form (SPEC §2.13). */
export interface EpisodeBlock {
  /** Tells blocks apart on screen, also before they are saved. */
  key: string;
  /** The saved episode this block edits; none for a new one. */
  id?: string;
  title: string;
  /** The episode's link: needed only when it has no video (uploaded before, or chosen here). */
  videoUrl: string;
  /** The saved episode's uploaded video, as it is now. */
  video?: TitleVideo | null;
  /** A video file to upload into the episode once the series is saved (DECISIONS D23). */
  videoFile: File | null;
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
    videoFile: null,
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
        video: episode.video ?? null,
        videoFile: null,
      })),
  };
}

/** A block field's form name: `episodes[0][title]`. */
export function blockField(index: number, field: string): string {
  return `episodes[${index}][${field}]`;
}

/**
 * An episode with a video (uploaded before, or a file chosen to upload once saved) plays it, so it
 * needs no link (DECISIONS D23).
 */
export function playsVideo(block: Pick<EpisodeBlock, 'video' | 'videoFile'>): boolean {
  return Boolean(block.videoFile || block.video);
}

/**
 * A new episode needs a link unless it gets a video. A saved one is not held to it: it keeps what it
 * plays, and one still waiting for its video (most of the demo's episodes have neither link nor video)
 * must not stop the series around it from being edited.
 */
export function needsLink(block: Pick<EpisodeBlock, 'id' | 'video' | 'videoFile'>): boolean {
  return !block.id && !playsVideo(block);
}

/** What the series form's fields depend on: the series edited. */
export interface SeriesFormContext extends FieldContext {
  series?: SeriesWithEpisodes | null;
}

/** SPEC §2.13 series form: the series' own fields (its episodes are blocks of EPISODE_BLOCK below). */
export const SERIES_FORM: FormDescription<SeriesFormContext> = {
  fields: [
    TITLE_FIELD,
    { name: 'description', label: 'Description', kind: 'long-text', rows: 3 },
    { name: 'trailerUrl', label: 'Trailer URL', kind: 'url', placeholder: 'https:// (optional)' },
    CAST_FIELD,
    LANGUAGE_FIELD,
    RATING_FIELD,
    CATEGORY_FIELD,
    { name: 'tags', label: 'Tags', kind: 'text', hint: 'Separate tags with commas' },
    { name: 'genre', label: 'Genres', kind: 'genres', required: true },
    {
      name: 'titleImage',
      label: 'Title image',
      kind: 'upload',
      accept: IMAGE_TYPES,
      aspect: '8 / 3',
      currentUrl: ({ series }) => series?.titlePngUrl,
    },
  ],
  main: [
    {
      title: 'Series',
      items: [
        'title',
        'description',
        'trailer',
        'trailerUrl',
        'cast',
        ['language', 'rating', 'category'],
        'tags',
        'genre',
      ],
    },
  ],
  side: [
    { title: 'Content partner', items: ['partner'] },
    { title: 'Title image', items: ['titleImage'] },
  ],
};

/** What an episode block's fields depend on: the block, and its place in the form. */
export interface EpisodeBlockContext extends FieldContext {
  index: number;
  block: EpisodeBlock;
}

/**
 * One repeatable episode block: title, link (or a video file), description, upload date (not after
 * today), duration, and beside them its banner.
 */
export const EPISODE_BLOCK: {
  fields: ReadonlyArray<FieldDescription<EpisodeBlockContext>>;
  items: readonly LayoutItem[];
  side: readonly LayoutItem[];
} = {
  fields: [
    { name: 'title', label: 'Episode title', kind: 'text', required: true },
    {
      name: 'videoUrl',
      label: 'Episode link',
      kind: 'url',
      required: ({ block }) => needsLink(block),
      placeholder: 'https://',
      hint: ({ block }) =>
        !block.id || playsVideo(block) || block.videoUrl
          ? 'Optional when the episode has a video file'
          : 'This episode has nothing to play yet: add a link or a video file',
    },
    { name: 'video', label: ({ index }) => `Episode ${index + 1} video file`, kind: 'video' },
    {
      name: 'description',
      label: 'Episode description',
      says: 'Description',
      kind: 'long-text',
      rows: 3,
      required: true,
    },
    { name: 'releaseDate', label: 'Upload date', says: 'Release date', kind: 'date', required: true },
    {
      name: 'duration',
      label: 'Episode duration',
      says: 'Duration',
      kind: 'text',
      required: true,
      placeholder: '25min',
    },
    {
      name: 'banner',
      label: ({ index }) => `Episode ${index + 1} banner`,
      says: 'Banner',
      kind: 'upload',
      accept: IMAGE_TYPES,
      required: ({ block }) => !block.bannerUrl,
      currentUrl: ({ block }) => block.bannerUrl,
    },
  ],
  items: ['title', 'videoUrl', 'video', 'description', ['releaseDate', 'duration']],
  side: ['banner'],
};

/** A block field's value by its description's name (its `video` field is the chosen file). */
export function blockValue(block: EpisodeBlock, name: string): unknown {
  return block[(name === 'video' ? 'videoFile' : name) as keyof EpisodeBlock];
}

/** The change to a block when its field of that name is set. */
export function blockPatch(name: string, value: unknown): Partial<EpisodeBlock> {
  return { [name === 'video' ? 'videoFile' : name]: value };
}

/** Every required field of the series and of each episode block, checked before sending. */
export function validateSeriesForm(values: SeriesFormValues, now = new Date()): FieldErrors {
  const errors = checkFields(SERIES_FORM.fields, (name) => values[name as keyof SeriesFormValues], { now });
  if (!values.episodes.length) errors.episodes = 'Add at least one episode';
  values.episodes.forEach((block, index) => {
    const blockErrors = checkFields(EPISODE_BLOCK.fields, (name) => blockValue(block, name), {
      now,
      index,
      block,
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

/** How a series save ended for the episodes' videos: each chosen file's upload, by block key. */
export type EpisodeVideoOutcomes = ReadonlyMap<string, UploadPhase>;

/** True once every chosen video's upload has ended one way or another but failing (failed ones wait for Try again). */
export function videosSettled(outcomes: EpisodeVideoOutcomes): boolean {
  return [...outcomes.values()].every((phase) => phase === 'finished' || phase === 'cancelled');
}

/** What the closing message adds about the episodes' videos. */
export function episodeVideoWords(outcomes: EpisodeVideoOutcomes): string {
  const phases = [...outcomes.values()];
  const finished = phases.filter((phase) => phase === 'finished').length;
  const cancelled = phases.filter((phase) => phase === 'cancelled').length;
  const words: string[] = [];
  if (finished === 1)
    words.push(' One episode video is uploaded and being prepared; follow it in the shows list.');
  if (finished > 1)
    words.push(` ${finished} episode videos are uploaded and being prepared; follow them in the shows list.`);
  if (cancelled === 1) words.push(' One episode video upload was cancelled; upload it from the edit page.');
  if (cancelled > 1)
    words.push(` ${cancelled} episode video uploads were cancelled; upload them from the edit page.`);
  return words.join('');
}
