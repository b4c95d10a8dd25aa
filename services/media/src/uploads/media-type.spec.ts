import { acceptedDescription, detectMediaType } from './media-type';

const bytes = (...parts: Array<number[] | string>) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

describe('detectMediaType', () => {
  it('recognises the four image types by their magic numbers', () => {
    expect(detectMediaType(bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'))?.contentType).toBe('image/jpeg');
    expect(detectMediaType(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]))?.extension).toBe(
      'png',
    );
    expect(detectMediaType(bytes('GIF89a', [1, 0, 1, 0]))?.contentType).toBe('image/gif');
    expect(detectMediaType(bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '))?.contentType).toBe('image/webp');
  });

  it('recognises MP4 by its ftyp brand and WebM by its EBML DocType', () => {
    const mp4 = detectMediaType(bytes([0, 0, 0, 0x20], 'ftypisom', [0, 0, 2, 0], 'isomiso2avc1mp41'));
    expect(mp4).toMatchObject({ kind: 'video', contentType: 'video/mp4', extension: 'mp4' });
    const webm = detectMediaType(
      bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 1, 0x42, 0x82, 0x84], 'webm'),
    );
    expect(webm).toMatchObject({ kind: 'video', contentType: 'video/webm' });
  });

  it('refuses look-alikes: HEIF/AVIF images, QuickTime, Matroska, RIFF audio, SVG and text', () => {
    expect(detectMediaType(bytes([0, 0, 0, 0x1c], 'ftypavif'))).toBeUndefined();
    expect(detectMediaType(bytes([0, 0, 0, 0x18], 'ftypheic'))).toBeUndefined();
    expect(detectMediaType(bytes([0, 0, 0, 0x14], 'ftypqt  '))).toBeUndefined();
    expect(
      detectMediaType(bytes([0x1a, 0x45, 0xdf, 0xa3, 0xa3, 0x42, 0x82, 0x88], 'matroska')),
    ).toBeUndefined();
    expect(detectMediaType(bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt '))).toBeUndefined();
    expect(detectMediaType(bytes('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeUndefined();
    expect(detectMediaType(bytes('%PDF-1.7'))).toBeUndefined();
    expect(detectMediaType(Buffer.alloc(0))).toBeUndefined();
  });
});

describe('acceptedDescription', () => {
  it('names what each upload takes', () => {
    expect(acceptedDescription('image')).toBe('a JPEG, PNG, WebP or GIF image');
    expect(acceptedDescription('banner')).toBe('a JPEG, PNG, WebP or GIF image, or an MP4 or WebM video');
  });
});
