import { type ReactNode, useState } from 'react';
import { mediaImageSrcSet } from '@chitram/contracts/web';
import { initials, isVideoUrl } from '../catalog/catalog-rules';

interface SmartImageProps {
  src: string | null | undefined;
  alt: string;
  /** Intrinsic size: the browser reserves the box before the picture arrives (no layout shift). */
  width: number;
  height: number;
  className?: string;
  /** The above-the-fold picture loads at once; every other one waits until it nears the screen. */
  priority?: boolean;
  /** Shown in place of a missing or broken picture; the title's initials by default. */
  fallback?: ReactNode;
  /** Plays a banner that is a short video (SPEC §5) muted in a loop instead of showing a picture. */
  allowVideo?: boolean;
  /**
   * How wide the picture shows (the `sizes` of HTML): a stored picture then loads at the width its
   * slot needs (issue 19), from the widths the media service serves; without it, at its own size.
   */
  sizes?: string;
}

/** A catalogue picture that lazy-loads in a box of known size and falls back when it is missing or broken. */
export function SmartImage({
  src,
  alt,
  width,
  height,
  className = '',
  priority = false,
  fallback,
  allowVideo = false,
  sizes,
}: SmartImageProps) {
  // Remembers which address failed, so a new address gets its own chance.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const broken = !src || failedSrc === src;

  if (broken) {
    return (
      <span
        className={`vw-img vw-img--fallback ${className}`}
        style={{ aspectRatio: `${width} / ${height}` }}
        role={alt ? 'img' : undefined}
        aria-label={alt || undefined}
        aria-hidden={alt ? undefined : true}
        data-fallback="true"
      >
        {fallback ?? <span className="vw-img__initials">{initials(alt)}</span>}
      </span>
    );
  }
  if (allowVideo && isVideoUrl(src)) {
    return (
      <video
        className={`vw-img ${className}`}
        src={src}
        width={width}
        height={height}
        muted
        autoPlay
        loop
        playsInline
        preload={priority ? 'auto' : 'metadata'}
        aria-label={alt || undefined}
        onError={() => setFailedSrc(src)}
      />
    );
  }
  const srcSet = sizes ? mediaImageSrcSet(src) : '';
  return (
    <img
      className={`vw-img ${className}`}
      src={src}
      srcSet={srcSet || undefined}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding="async"
      onError={() => setFailedSrc(src)}
    />
  );
}
