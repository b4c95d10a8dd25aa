import { Inject, Injectable } from '@nestjs/common';
import {
  DomainError,
  ErrorCode,
  MEDIA_IMAGE_WIDTHS,
  MEDIA_KEY_PREFIX,
  type MediaImageWidth,
} from '@chitram/contracts';
import { LOGGER, type Logger } from '@chitram/nest-kit';
import sharp from 'sharp';
import { isMissingObject, ObjectStorage } from '../storage/object-storage';

/** Variants are kept under a prefix of their own, never taken for uploads (or their orphans). */
const VARIANT_PREFIX = 'variants';
/** A stored picture that can be made smaller: not a GIF (it may move), not a video. */
const RESIZABLE = new RegExp(`^${MEDIA_KEY_PREFIX.image}/([0-9a-f-]{36})\\.(jpg|png|webp)$`);
/** WebP at this quality is about a third of the JPEG or PNG it comes from, with no visible loss on a poster. */
const WEBP_QUALITY = 78;
/** The largest picture decoded (pixels): uploads are at most 10 MB, no picture needs more. */
const MAX_INPUT_PIXELS = 50_000_000;

/** Where the picture `key` is kept at `width`, or null when the key is not a picture made smaller. */
export function variantKey(key: string, width: MediaImageWidth): string | null {
  const found = RESIZABLE.exec(key);
  return found ? `${VARIANT_PREFIX}/${found[1]}.w${width}.webp` : null;
}

/** The stored objects behind `keys` and every variant made of them: what removing them removes. */
export function withVariants(keys: readonly string[]): string[] {
  return keys.flatMap((key) => [
    key,
    ...MEDIA_IMAGE_WIDTHS.map((width) => variantKey(key, width)).filter((k): k is string => k !== null),
  ]);
}

/** The picture in `source` at most `width` pixels wide (never wider than it is), as WebP. */
export function resizeToWebp(source: Buffer, width: number): Promise<Buffer> {
  return sharp(source, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: WEBP_QUALITY })
    .toBuffer();
}

/**
 * Stored pictures at the widths of MEDIA_IMAGE_WIDTHS (issue 19): each is made from the stored
 * picture the first time it is asked for, kept in storage beside it and served from there afterwards.
 */
@Injectable()
export class ImageVariants {
  /** Variants being made here now: a second ask waits for the first instead of making it again. */
  private readonly making = new Map<string, Promise<string | null>>();

  constructor(
    private readonly storage: ObjectStorage,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * The key to serve for `key` at `width`: its variant, made now if need be, or the picture itself
   * when it cannot be made smaller (an unreadable picture is served as it is, for the browser to judge).
   * A key that is not a picture is refused; a missing one is NOT_FOUND.
   */
  async keyFor(key: string, width: MediaImageWidth): Promise<string> {
    const variant = variantKey(key, width);
    if (!variant) {
      throw new DomainError(
        ErrorCode.VALIDATION_FAILED,
        'Only JPEG, PNG and WebP pictures have other widths.',
      );
    }
    if (await this.exists(variant)) return variant;
    let making = this.making.get(variant);
    if (!making) {
      making = this.make(key, variant, width).finally(() => this.making.delete(variant));
      this.making.set(variant, making);
    }
    return (await making) ?? key;
  }

  private async exists(key: string): Promise<boolean> {
    try {
      await this.storage.stat(key);
      return true;
    } catch (error) {
      if (isMissingObject(error)) return false;
      throw error;
    }
  }

  private async make(key: string, variant: string, width: MediaImageWidth): Promise<string | null> {
    let source: Buffer;
    try {
      source = await readWhole(await this.storage.read(key));
    } catch (error) {
      if (isMissingObject(error)) throw new DomainError(ErrorCode.NOT_FOUND, 'No such image.');
      throw error;
    }
    let resized: Buffer;
    try {
      resized = await resizeToWebp(source, width);
    } catch (error) {
      this.logger.warn({ err: error, key, width }, 'a stored picture could not be resized; served as it is');
      return null;
    }
    await this.storage.put(variant, once(resized), 'image/webp');
    this.logger.info({ key, variant, bytes: resized.length, from: source.length }, 'picture variant made');
    return variant;
  }
}

async function readWhole(stream: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}

async function* once(buffer: Buffer): AsyncIterable<Buffer> {
  yield buffer;
}
