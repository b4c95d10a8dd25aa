import { useState } from 'react';

/** Which banner a page opens with: the home page's hero, or a title page's picture. */
export type BannerKind = 'feature' | 'title';

/** The banner a page at `pathname` opens with, or null for a page that has none. */
export function bannerKindAt(pathname: string): BannerKind | null {
  if (pathname === '/') return 'feature';
  return /^\/movie\/[^/]+\/play\/?$/.test(pathname) ? 'title' : null;
}

export interface BannerPicture {
  src: string | null;
  srcSet: string | null;
  sizes: string | null;
}

/**
 * The banner the shell's server named for this page (libs/web-server/hero-preload.mjs): the high
 * priority image preload in the page's head, already on its way; null when there is none.
 */
export function preloadedBanner(head: Pick<ParentNode, 'querySelector'>): BannerPicture | null {
  const link = head.querySelector('link[rel="preload"][as="image"][fetchpriority="high"]');
  if (!link) return null;
  const picture = {
    src: link.getAttribute('href'),
    srcSet: link.getAttribute('imagesrcset'),
    sizes: link.getAttribute('imagesizes'),
  };
  return picture.src || picture.srcSet ? picture : null;
}

/**
 * What a home or title page shows while its remote's code loads, instead of a spinner: its banner, in
 * the box and under the shade the page gives it (the shell's tokens, styles/shell.css), from the
 * preload the page opened with. On a phone the code takes a second or two more than the picture; the
 * page's largest picture then shows at once, and the page's own banner takes its place unmoved.
 */
export function BannerPlaceholder({
  kind,
  picture,
  label,
}: {
  kind: BannerKind;
  picture: BannerPicture;
  label: string;
}) {
  const [broken, setBroken] = useState(false);
  return (
    <div className={`banner-placeholder banner-placeholder--${kind}`} role="status" aria-live="polite">
      {!broken && (
        <img
          className="banner-placeholder__img"
          src={picture.src ?? undefined}
          srcSet={picture.srcSet ?? undefined}
          sizes={picture.sizes ?? undefined}
          alt=""
          // Drawn with the frame that shows it: the page's own banner takes its place soon after.
          decoding="sync"
          fetchPriority="high"
          onError={() => setBroken(true)}
        />
      )}
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
