import { bannerKindAt, preloadedBanner } from './BannerPlaceholder';

/** A page head holding one element with `attributes` for the selector the placeholder asks for. */
function headWith(attributes: Record<string, string> | null) {
  return {
    querySelector: (selector: string) => {
      expect(selector).toBe('link[rel="preload"][as="image"][fetchpriority="high"]');
      return attributes ? { getAttribute: (name: string) => attributes[name] ?? null } : null;
    },
  } as unknown as Pick<ParentNode, 'querySelector'>;
}

describe('the banner a page opens with', () => {
  it("is the home page's hero or a title page's picture, and no other page's", () => {
    expect(bannerKindAt('/')).toBe('feature');
    expect(bannerKindAt('/movie/gully-gladiators/play')).toBe('title');
    expect(bannerKindAt('/movie/gully-gladiators/play/')).toBe('title');
    expect(bannerKindAt('/movie/gully-gladiators')).toBeNull();
    expect(bannerKindAt('/subscribe')).toBeNull();
    expect(bannerKindAt('/political')).toBeNull();
  });

  it("is read from the high-priority image preload the server put in the page's head", () => {
    expect(
      preloadedBanner(
        headWith({
          imagesrcset: '/api/media/images/a.jpg?w=640 640w',
          imagesizes: '100vw',
          fetchpriority: 'high',
        }),
      ),
    ).toEqual({ src: null, srcSet: '/api/media/images/a.jpg?w=640 640w', sizes: '100vw' });
    expect(preloadedBanner(headWith({ href: 'https://img.example.in/a.jpg' }))).toEqual({
      src: 'https://img.example.in/a.jpg',
      srcSet: null,
      sizes: null,
    });
    expect(preloadedBanner(headWith({}))).toBeNull();
    expect(preloadedBanner(headWith(null))).toBeNull();
  });
});
