/** A container an uploaded video's source may come in, recognised from its first bytes. */
export interface VideoContainer {
  contentType: string;
  extension: 'mp4' | 'mov' | 'webm' | 'mkv';
}

/** Bytes needed to tell the containers apart (Matroska's DocType sits inside its EBML header). */
export const CONTAINER_SNIFF_BYTES = 64;

const MP4: VideoContainer = { contentType: 'video/mp4', extension: 'mp4' };
const MOV: VideoContainer = { contentType: 'video/quicktime', extension: 'mov' };
const WEBM: VideoContainer = { contentType: 'video/webm', extension: 'webm' };
const MKV: VideoContainer = { contentType: 'video/x-matroska', extension: 'mkv' };

/** ISO base media brands of still images (HEIF, AVIF): the container of MP4, but never a film. */
const IMAGE_BRANDS = new Set([
  'heic',
  'heix',
  'hevc',
  'hevx',
  'heim',
  'heis',
  'mif1',
  'msf1',
  'avif',
  'avis',
]);

/** QuickTime files written before `ftyp` existed start straight with one of these atoms. */
const QUICKTIME_ATOMS = new Set(['moov', 'mdat', 'wide', 'free', 'skip', 'pnot']);

function ascii(head: Buffer, from: number, to: number): string {
  return head.subarray(from, to).toString('latin1');
}

/**
 * The container of a source video from its first bytes, or undefined when they are plainly not one of
 * MP4, MOV, WebM or MKV (a picture, a PDF, an archive, text). Cameras write many MP4 brands, so any
 * ISO base media brand but an image's is let through: ffprobe reads the whole file before transcoding
 * and is the judge of whether it really is a video.
 */
export function detectVideoContainer(head: Buffer): VideoContainer | undefined {
  if (head.length < 12) return undefined;
  const box = ascii(head, 4, 8);
  if (box === 'ftyp') {
    const brand = ascii(head, 8, 12);
    if (IMAGE_BRANDS.has(brand)) return undefined;
    return brand === 'qt  ' ? MOV : MP4;
  }
  if (QUICKTIME_ATOMS.has(box)) return MOV;
  if (head.readUInt32BE(0) === 0x1a45dfa3) {
    const header = ascii(head, 4, CONTAINER_SNIFF_BYTES);
    if (header.includes('webm')) return WEBM;
    if (header.includes('matroska')) return MKV;
  }
  return undefined;
}
