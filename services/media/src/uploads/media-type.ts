import type { MediaKind, UploadPurpose } from '@chitram/contracts';

/** A type the platform stores, recognised from a file's first bytes. */
export interface MediaType {
  kind: MediaKind;
  contentType: string;
  extension: string;
  /** How people call it in messages: 'JPEG'. */
  label: string;
}

const JPEG: MediaType = { kind: 'image', contentType: 'image/jpeg', extension: 'jpg', label: 'JPEG' };
const PNG: MediaType = { kind: 'image', contentType: 'image/png', extension: 'png', label: 'PNG' };
const WEBP: MediaType = { kind: 'image', contentType: 'image/webp', extension: 'webp', label: 'WebP' };
const GIF: MediaType = { kind: 'image', contentType: 'image/gif', extension: 'gif', label: 'GIF' };
const MP4: MediaType = { kind: 'video', contentType: 'video/mp4', extension: 'mp4', label: 'MP4' };
const WEBM: MediaType = { kind: 'video', contentType: 'video/webm', extension: 'webm', label: 'WebM' };

/** Bytes needed to tell every accepted type apart (WebM's DocType sits inside the EBML header). */
export const SNIFF_BYTES = 64;

/**
 * ISO base media brands that are MP4 video. HEIF and AVIF images and QuickTime movies share the
 * container but not these brands, so they are refused rather than stored as video.
 */
const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'mp41',
  'mp42',
  'avc1',
  'M4V ',
  'dash',
  'mmp4',
  'MSNV',
]);

function startsWith(head: Buffer, bytes: number[], offset = 0): boolean {
  return head.length >= offset + bytes.length && bytes.every((b, i) => head[offset + i] === b);
}

function ascii(head: Buffer, from: number, to: number): string {
  return head.subarray(from, to).toString('latin1');
}

/**
 * The type of a file from its own first bytes (magic numbers), never from its name or the
 * Content-Type the client claimed. SVG is deliberately not an image here: it can carry script.
 */
export function detectMediaType(head: Buffer): MediaType | undefined {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return JPEG;
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return PNG;
  if (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a') return GIF;
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return WEBP;
  if (ascii(head, 4, 8) === 'ftyp' && MP4_BRANDS.has(ascii(head, 8, 12))) return MP4;
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3]) && ascii(head, 4, SNIFF_BYTES).includes('webm')) return WEBM;
  return undefined;
}

/** Which kinds each upload purpose takes (SPEC §5: banner accepts images or video). */
export const ACCEPTED_KINDS: Readonly<Record<UploadPurpose, readonly MediaKind[]>> = {
  image: ['image'],
  banner: ['image', 'video'],
};

/** What a purpose accepts, in words, for the 415 message. */
export function acceptedDescription(purpose: UploadPurpose): string {
  const images = [JPEG, PNG, WEBP, GIF].map((t) => t.label);
  const imageText = `a ${images.slice(0, -1).join(', ')} or ${images.at(-1)} image`;
  return ACCEPTED_KINDS[purpose].includes('video') ? `${imageText}, or an MP4 or WebM video` : imageText;
}
