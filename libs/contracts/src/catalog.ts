import 'reflect-metadata';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
  ValidateBy,
  ValidateNested,
  isURL,
  type ValidationArguments,
  type ValidationOptions,
} from 'class-validator';
import { parseDuration, type DurationParts } from './durations';
import { todayInIndia } from './india-time';
import { isMediaKey } from './media';
import { MATURITY_LEVELS, type MaturityLevel } from './profiles-answers';
import {
  CATEGORIES,
  type Category,
  GENRES,
  type Genre,
  LANGUAGES,
  type Language,
  MEDIA_IMAGES_PATH,
  MIN_RELEASE_YEAR,
  RATINGS,
  type Rating,
  SEARCH_TERM_MAX_LENGTH,
  TITLE_TYPES,
  type TitleType,
  canonical,
} from './catalog-lists';

export * from './catalog-lists';
export * from './catalog-answers';
export { parseDuration, type DurationParts } from './durations';

// ---------------------------------------------------------------------------------------------
// Parsing shared by the forms, the gateway and the catalog service.
// ---------------------------------------------------------------------------------------------

/** Splits 'A, B ,, C' into ['A', 'B', 'C']. */
function splitOnCommas(text: string): string[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/**
 * A list given as one comma-separated string (the movie form's cast) or as repeated entries (the show
 * form's `cast[]`), as trimmed, non-empty items without repeats. Anything else is returned unchanged
 * for the validator to refuse.
 */
export function parseList(value: unknown): unknown {
  let items: unknown[];
  if (typeof value === 'string') items = splitOnCommas(value);
  else if (Array.isArray(value))
    items = value.flatMap((item: unknown) => (typeof item === 'string' ? splitOnCommas(item) : [item]));
  else return value;
  return [...new Set(items)];
}

/** The one way the product writes a running time: '2hr 30min', '45min', '1hr', '45min 10sec'. */
export function formatDuration({ hours, minutes, seconds }: DurationParts): string {
  const parts: string[] = [];
  if (hours) parts.push(`${hours}hr`);
  if (minutes) parts.push(`${minutes}min`);
  if (seconds) parts.push(`${seconds}sec`);
  return parts.join(' ');
}

/** A running time in the product's form, or the input unchanged for the validator to refuse. */
export function normaliseDuration(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const parts = parseDuration(value);
  return parts ? formatDuration(parts) : value;
}

/**
 * An image reference as stored: an object key from the media service (`images/<uuid>.webp`, see
 * media.ts) or an absolute http(s) URL. The path the API answers for a key (`/api/media/images/<key>`) is turned back
 * into the key, so an edit form may send back what it was given.
 */
export function toImageRef(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  return trimmed.startsWith(MEDIA_IMAGES_PATH) ? trimmed.slice(MEDIA_IMAGES_PATH.length) : trimmed;
}

const WEB_URL_OPTIONS = { protocols: ['http', 'https'], require_protocol: true, require_tld: false };

export function isWebUrl(value: unknown): boolean {
  return typeof value === 'string' && isURL(value, WEB_URL_OPTIONS);
}

/** The URL a browser loads for a stored image reference (see toImageRef). */
export function imageUrl(ref: string | null): string | null {
  if (!ref) return null;
  return /^https?:\/\//i.test(ref) ? ref : `${MEDIA_IMAGES_PATH}${ref}`;
}

function blankToUndefined(value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string' && value.trim() === '') return undefined;
  if (Array.isArray(value) && value.every((item) => typeof item === 'string' && item.trim() === ''))
    return undefined;
  return value;
}

function trimString(value: unknown): unknown {
  return typeof value === 'string' ? value.trim() : value;
}

function toInteger(value: unknown): unknown {
  if (typeof value === 'string' && /^\s*-?\d+\s*$/.test(value)) return Number(value);
  return value;
}

function toBoolean(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim().toLowerCase();
  if (['true', 'yes', '1', 'on'].includes(text)) return true;
  if (['false', 'no', '0', 'off'].includes(text)) return false;
  return value;
}

function toDate(value: unknown): unknown {
  // A full timestamp from a date picker counts by its date.
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value.trim())) return value.trim().slice(0, 10);
  return trimString(value);
}

// ---------------------------------------------------------------------------------------------
// Field rules, written once and used by the create (required) and update (optional) payloads.
// ---------------------------------------------------------------------------------------------

const REQUIRED = true;
const OPTIONAL = false;

/**
 * One payload field: its parser, then either 'required' (missing or blank is refused, naming the
 * field) or 'optional' (missing or blank is left out, SPEC §5), then its rules.
 */
function field(
  required: boolean,
  parse: (value: unknown) => unknown,
  ...rules: PropertyDecorator[]
): PropertyDecorator {
  return (target, key) => {
    Transform(({ value }: { value: unknown }) => {
      const present = blankToUndefined(value);
      return present === undefined ? undefined : parse(present);
    })(target, key);
    if (required) IsDefined({ message: `${String(key)} is required` })(target, key);
    else IsOptional()(target, key);
    for (const rule of rules) rule(target, key);
  };
}

function oneOf(list: readonly string[], options: ValidationOptions = {}): PropertyDecorator {
  return IsIn(list as string[], {
    message: (args: ValidationArguments) => `${args.property} must be one of ${list.join(', ')}`,
    ...options,
  });
}

function isReleaseYear(): PropertyDecorator {
  return ValidateBy({
    name: 'isReleaseYear',
    validator: {
      validate: (value: unknown) =>
        Number.isInteger(value) &&
        (value as number) >= MIN_RELEASE_YEAR &&
        (value as number) <= new Date().getFullYear(),
      defaultMessage: (args?: ValidationArguments) =>
        `${args?.property} must be a year from ${MIN_RELEASE_YEAR} to ${new Date().getFullYear()}`,
    },
  });
}

function isPastDate(): PropertyDecorator {
  return ValidateBy({
    name: 'isPastDate',
    validator: {
      validate: (value: unknown) =>
        typeof value === 'string' &&
        /^\d{4}-\d{2}-\d{2}$/.test(value) &&
        !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
        new Date(`${value}T00:00:00Z`).toISOString().startsWith(value) &&
        value <= todayInIndia(),
      defaultMessage: (args?: ValidationArguments) =>
        `${args?.property} must be a date (YYYY-MM-DD) no later than today`,
    },
  });
}

function isDuration(): PropertyDecorator {
  return ValidateBy({
    name: 'isDuration',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && parseDuration(value) !== undefined,
      defaultMessage: (args?: ValidationArguments) =>
        `${args?.property} must be a running time such as 2hr 30min or 45min`,
    },
  });
}

function isImageRef(): PropertyDecorator {
  return ValidateBy({
    name: 'isImageRef',
    validator: {
      validate: (value: unknown) => isMediaKey(value) || isWebUrl(value),
      defaultMessage: (args?: ValidationArguments) =>
        `${args?.property} must be an image stored by the media service or an http(s) URL`,
    },
  });
}

/** SPEC §5's URL rule message. */
function isLink(): PropertyDecorator {
  return ValidateBy({
    name: 'isLink',
    validator: {
      validate: isWebUrl,
      defaultMessage: () => 'Invalid URL',
    },
  });
}

const text = (required: boolean, maxLength: number) =>
  field(required, trimString, IsString(), MaxLength(maxLength));
const names = (required: boolean) =>
  field(
    required,
    parseList,
    IsArray(),
    ...(required ? [ArrayMinSize(1, { message: 'cast must name at least one person' })] : []),
    ArrayMaxSize(50),
    IsString({ each: true }),
    MaxLength(100, { each: true }),
  );
const genres = (required: boolean) =>
  field(
    required,
    (value) => {
      const list = parseList(value);
      return Array.isArray(list) ? list.map((item: unknown) => canonical(GENRES, item)) : list;
    },
    IsArray(),
    ...(required ? [ArrayMinSize(1, { message: 'genre must name at least one genre' })] : []),
    oneOf(GENRES, { each: true }),
  );
const language = (required: boolean) => field(required, (v) => canonical(LANGUAGES, v), oneOf(LANGUAGES));
const rating = (required: boolean) => field(required, (v) => canonical(RATINGS, v), oneOf(RATINGS));
const category = (required: boolean) => field(required, (v) => canonical(CATEGORIES, v), oneOf(CATEGORIES));
const duration = (required: boolean) => field(required, normaliseDuration, isDuration());
const image = (required: boolean) => field(required, toImageRef, isImageRef());
const link = (required: boolean) => field(required, trimString, isLink());
const positiveInt = (required: boolean, max: number) => field(required, toInteger, IsInt(), Min(1), Max(max));
const releaseDate = (required: boolean) => field(required, toDate, isPastDate());

// ---------------------------------------------------------------------------------------------
// Payloads over NATS, validated by the catalog service (and by the gateway where it takes JSON).
// ---------------------------------------------------------------------------------------------

export class HomeContentRequest {
  @language(OPTIONAL)
  language?: Language;
}

class PageRequest {
  @positiveInt(OPTIONAL, 100_000)
  page?: number;
}

class SearchablePageRequest extends PageRequest {
  @text(OPTIONAL, SEARCH_TERM_MAX_LENGTH)
  search?: string;
}

/** A view-all group: a genre, in any case, spaced or hyphenated (`trending`, `south-favourites`). */
export class MovieGroupRequest extends PageRequest {
  @text(REQUIRED, 60)
  group: string;

  @language(OPTIONAL)
  language?: Language;
}

/** One language and nothing else: "Top 10 in {language} today" (picks.ts). */
export class LanguageOnlyRequest {
  @language(REQUIRED)
  language: Language;
}

export class LanguageMoviesRequest extends PageRequest {
  @language(REQUIRED)
  language: Language;
}

export class SearchRequest {
  /** Trimmed; empty finds nothing. */
  @text(OPTIONAL, SEARCH_TERM_MAX_LENGTH)
  q?: string;
}

export class CategoryEpisodesRequest {
  @category(REQUIRED)
  category: Category;
}

/**
 * The shows list (`GET /api/series/episodes`); a kids profile's asks with its level, so the page and its
 * totals hold only the episodes it may see (D37).
 */
export class EpisodePageRequest extends SearchablePageRequest {
  @IsOptional()
  @oneOf(MATURITY_LEVELS)
  maturity?: MaturityLevel;
}
export class AdminMoviePageRequest extends SearchablePageRequest {}
export class SeriesPageRequest extends SearchablePageRequest {}

/** A movie by its id or by its slug (D10). */
export class MovieLookupRequest {
  @text(REQUIRED, 200)
  idOrSlug: string;
}

export class CatalogueIdRequest {
  @IsUUID('all', { message: 'id must be a UUID' })
  id: string;
}

export class CreateMovieRequest {
  @text(REQUIRED, 200) title: string;
  @text(REQUIRED, 5000) description: string;
  /** A comma-separated string or a list. */
  @names(REQUIRED) cast: string[];
  /** One genre, a comma-separated string or a list. */
  @genres(REQUIRED) genre: Genre[];
  @language(REQUIRED) language: Language;
  @rating(REQUIRED) rating: Rating;
  @field(REQUIRED, toInteger, isReleaseYear()) releaseYear: number;
  @duration(REQUIRED) duration: string;
  /** Images: object keys from the media service, or absolute URLs. */
  @image(REQUIRED) thumbnailUrl: string;
  @image(REQUIRED) bannerUrl: string;
  @image(REQUIRED) titlePngUrl: string;
  @link(OPTIONAL) trailerUrl?: string;
  /** The title's own stream link (D23); optional, since a title may carry an uploaded video instead. */
  @link(OPTIONAL) movieUrl?: string;
  @field(OPTIONAL, toBoolean, IsBoolean()) isFree?: boolean;
  @field(OPTIONAL, trimString, oneOf(TITLE_TYPES)) type?: TitleType;
  @text(OPTIONAL, 100) vendor?: string;
}

/** Every field optional; an empty one is left out (SPEC §5, D30). */
export class UpdateMovieRequest {
  @IsUUID('all', { message: 'id must be a UUID' }) id: string;
  @text(OPTIONAL, 200) title?: string;
  @text(OPTIONAL, 5000) description?: string;
  @names(OPTIONAL) cast?: string[];
  @genres(OPTIONAL) genre?: Genre[];
  @language(OPTIONAL) language?: Language;
  @rating(OPTIONAL) rating?: Rating;
  @field(OPTIONAL, toInteger, isReleaseYear()) releaseYear?: number;
  @duration(OPTIONAL) duration?: string;
  @image(OPTIONAL) thumbnailUrl?: string;
  @image(OPTIONAL) bannerUrl?: string;
  @image(OPTIONAL) titlePngUrl?: string;
  @link(OPTIONAL) trailerUrl?: string;
  @link(OPTIONAL) movieUrl?: string;
  @field(OPTIONAL, toBoolean, IsBoolean()) isFree?: boolean;
  @field(OPTIONAL, trimString, oneOf(TITLE_TYPES)) type?: TitleType;
  @text(OPTIONAL, 100) vendor?: string;
}

/** The show form (SPEC §2.13). Without a series the episode stands alone in its category. */
export class CreateEpisodeRequest {
  @field(OPTIONAL, trimString, IsUUID('all', { message: 'seriesId must be a UUID' })) seriesId?: string;
  @text(REQUIRED, 200) title: string;
  @text(REQUIRED, 5000) description: string;
  /** The episode's own stream link (D23); optional, since an episode may carry an uploaded video instead. */
  @link(OPTIONAL) videoUrl?: string;
  @duration(REQUIRED) duration: string;
  @releaseDate(REQUIRED) releaseDate: string;
  @names(OPTIONAL) cast?: string[];
  @rating(REQUIRED) rating: Rating;
  @category(REQUIRED) category: Category;
  @image(REQUIRED) bannerUrl: string;
  @image(OPTIONAL) titlePngUrl?: string;
  /** Next after the series' (or, alone, the category's) last episode when left out. */
  @positiveInt(OPTIONAL, 100_000) episodeNumber?: number;
}

/** `PATCH /api/series/show/{seriesId}/episodes/{id}`: every field optional, empty ones left out. */
export class UpdateEpisodeRequest {
  @IsUUID('all', { message: 'id must be a UUID' }) id: string;
  @text(OPTIONAL, 200) title?: string;
  @text(OPTIONAL, 5000) description?: string;
  @link(OPTIONAL) videoUrl?: string;
  @duration(OPTIONAL) duration?: string;
  @releaseDate(OPTIONAL) releaseDate?: string;
  /** `cast[]` entries or one comma-separated string, split into trimmed names. */
  @names(OPTIONAL) cast?: string[];
  @rating(OPTIONAL) rating?: Rating;
  @category(OPTIONAL) category?: Category;
  @image(OPTIONAL) bannerUrl?: string;
  @image(OPTIONAL) titlePngUrl?: string;
  @positiveInt(OPTIONAL, 100_000) episodeNumber?: number;
}

/** One episode block of the series form (title, link, description, upload date, duration, banner). */
export class SeriesEpisodeInput {
  /** Present when editing an episode the series already has. */
  @field(OPTIONAL, trimString, IsUUID('all', { message: 'id must be a UUID' })) id?: string;
  @text(REQUIRED, 200) title: string;
  /** The episode's own stream link (D23); optional, since an episode may carry an uploaded video instead. */
  @link(OPTIONAL) videoUrl?: string;
  @text(REQUIRED, 5000) description: string;
  @releaseDate(REQUIRED) releaseDate: string;
  @duration(REQUIRED) duration: string;
  @image(REQUIRED) bannerUrl: string;
}

/** The series form (SPEC §2.13, D11): the series and its episodes, saved together or not at all. */
export class CreateSeriesRequest {
  @text(REQUIRED, 200) title: string;
  @text(OPTIONAL, 5000) description?: string;
  @link(OPTIONAL) trailerUrl?: string;
  @names(REQUIRED) cast: string[];
  @language(REQUIRED) language: Language;
  @rating(REQUIRED) rating: Rating;
  @field(
    OPTIONAL,
    parseList,
    IsArray(),
    ArrayMaxSize(30),
    IsString({ each: true }),
    MaxLength(40, { each: true }),
  )
  tags?: string[];
  @image(OPTIONAL) titlePngUrl?: string;
  @genres(REQUIRED) genre: Genre[];
  @category(REQUIRED) category: Category;

  @IsArray()
  @ArrayMinSize(1, { message: 'episodes must hold at least one episode' })
  @ArrayMaxSize(200)
  @ValidateNested({ each: true })
  @Type(() => SeriesEpisodeInput)
  episodes: SeriesEpisodeInput[];
}

/**
 * Series fields are optional (empty ones left out). `episodes`, when given, is the whole new list:
 * blocks with an `id` update that episode, blocks without one add an episode, and episodes of the
 * series not listed are deleted; all in one transaction.
 */
export class UpdateSeriesRequest {
  @IsUUID('all', { message: 'id must be a UUID' }) id: string;
  @text(OPTIONAL, 200) title?: string;
  @text(OPTIONAL, 5000) description?: string;
  @link(OPTIONAL) trailerUrl?: string;
  @names(OPTIONAL) cast?: string[];
  @language(OPTIONAL) language?: Language;
  @rating(OPTIONAL) rating?: Rating;
  @field(
    OPTIONAL,
    parseList,
    IsArray(),
    ArrayMaxSize(30),
    IsString({ each: true }),
    MaxLength(40, { each: true }),
  )
  tags?: string[];
  @image(OPTIONAL) titlePngUrl?: string;
  @genres(OPTIONAL) genre?: Genre[];
  @category(OPTIONAL) category?: Category;

  @IsOptional()
  @IsArray()
  @ArrayMinSize(1, { message: 'episodes must hold at least one episode' })
  @ArrayMaxSize(200)
  @ValidateNested({ each: true })
  @Type(() => SeriesEpisodeInput)
  episodes?: SeriesEpisodeInput[];
}

/** `Subjects.catalog.playbackSource`: a movie (by id or slug) or an episode (by id). */
export class PlaybackSourceRequest {
  @IsIn(['movie', 'episode'])
  kind: 'movie' | 'episode';

  @IsString()
  @MaxLength(200)
  idOrSlug: string;
}
