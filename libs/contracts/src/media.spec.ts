import { DomainError, ErrorCode } from './errors';
import { MEDIA_IMAGE_WIDTHS, mediaImageSrcSet } from './catalog-lists';
import { parseImageWidth } from './media';

describe('pictures at the widths their slots need (issue 19)', () => {
  it('gives a stored picture a srcset of every width, and nothing else one', () => {
    const url = '/api/media/images/images/0b8f2a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b.webp';
    expect(mediaImageSrcSet(url)).toBe(MEDIA_IMAGE_WIDTHS.map((w) => `${url}?w=${w} ${w}w`).join(', '));
    expect(mediaImageSrcSet(url.replace('.webp', '.JPG'))).toContain('?w=160 160w');
    for (const other of [
      '/api/media/images/videos/0b8f2a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b.mp4',
      '/api/media/images/images/0b8f2a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b.gif',
      'https://img.example.com/poster.jpg',
      '',
      null,
      undefined,
    ])
      expect(mediaImageSrcSet(other)).toBe('');
  });

  it('takes only the listed widths, written plainly', () => {
    expect(MEDIA_IMAGE_WIDTHS.map((w) => parseImageWidth(String(w)))).toEqual([...MEDIA_IMAGE_WIDTHS]);
    for (const bad of ['300', '0320', '320.0', ' 320', '1e3', '', 'big', '99999']) {
      let error: unknown;
      try {
        parseImageWidth(bad);
      } catch (caught) {
        error = caught;
      }
      expect([bad, error instanceof DomainError && error.code]).toEqual([bad, ErrorCode.VALIDATION_FAILED]);
    }
  });
});
