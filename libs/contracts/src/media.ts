import { ArrayMaxSize, IsArray, Matches } from 'class-validator';
import { MEDIA_IMAGE_WIDTHS, type MediaImageWidth } from './catalog-lists';
import { DomainError, ErrorCode } from './errors';

/**
 * Uploads and stored media (SPEC §5, ARCHITECTURE rule 4): what each upload accepts, the size limits,
 * the object key scheme and the public paths the gateway serves them under.
 */

const MB = 1024 * 1024;

/** What an upload is for: thumbnails and title images accept images; a banner accepts an image or a short video. */
export const UPLOAD_PURPOSES = ['image', 'banner'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

export type MediaKind = 'image' | 'video';

/** Largest accepted file per kind of media (issue 4): images 10 MB, banner video 50 MB. */
export const MEDIA_SIZE_LIMITS: Readonly<Record<MediaKind, number>> = {
  image: 10 * MB,
  video: 50 * MB,
};

/** The largest file any upload accepts, the hard bound the gateway puts on one file part. */
export const LARGEST_UPLOAD_BYTES = Math.max(...Object.values(MEDIA_SIZE_LIMITS));

/** Object key prefix per kind: keys are `images/<uuid>.<ext>` and `videos/<uuid>.<ext>`. */
export const MEDIA_KEY_PREFIX: Readonly<Record<MediaKind, string>> = {
  image: 'images',
  video: 'videos',
};

/**
 * A key the media service stored: its kind's prefix, a random UUID and the extension of the type found
 * in the file's bytes. Only such keys are served or deleted, so no caller can reach another object.
 */
export const MEDIA_KEY =
  /^(images|videos)\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|webp|gif|mp4|webm)$/;

export function isMediaKey(value: unknown): value is string {
  return typeof value === 'string' && MEDIA_KEY.test(value);
}

/**
 * Stored objects never change (every upload gets a new key), so browsers and CDNs may keep them for a
 * year. They are served at `MEDIA_IMAGES_PATH + key` (catalog.ts), banner videos included.
 */
export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** The width a picture is asked for at (`?w=`), refused unless it is one of MEDIA_IMAGE_WIDTHS. */
export function parseImageWidth(value: string): MediaImageWidth {
  const width = Number(value);
  if (!(MEDIA_IMAGE_WIDTHS as readonly number[]).includes(width) || String(width) !== value) {
    throw new DomainError(
      ErrorCode.VALIDATION_FAILED,
      `A picture is served at widths ${MEDIA_IMAGE_WIDTHS.join(', ')}.`,
    );
  }
  return width as MediaImageWidth;
}

/** What the media service answers for a stored upload. */
export interface StoredMedia {
  key: string;
  /** The type found in the file's own bytes, e.g. `image/webp`. */
  contentType: string;
  kind: MediaKind;
  size: number;
  /** Where a browser loads it: `/api/media/images/<key>`. */
  url: string;
}

/** Payload of `Subjects.media.deleteObjects`: keys to remove (compensation after a failed save, replaced images). */
export class DeleteMediaObjectsRequest {
  @IsArray()
  @ArrayMaxSize(1000)
  @Matches(MEDIA_KEY, { each: true, message: 'keys must be keys the media service stored' })
  keys: string[];
}

export interface DeletedMediaObjects {
  deleted: number;
}
