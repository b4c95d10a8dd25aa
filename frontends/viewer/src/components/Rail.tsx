import { type RefObject, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link } from 'react-router';
import { genreSlug } from '../catalog/catalog-lists';
import type { Rail as RailData } from '../catalog/catalog-rules';
import { useViewerTranslation } from '../i18n/use-viewer-translation';
import { PosterCard } from './PosterCard';

function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d={direction === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'}
        fill="none"
        stroke="currentColor"
        strokeWidth="2.4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * The posters a rail shows across the window (columns of at least 128px and a 14px gap), and one more:
 * four on a phone, eleven on a laptop. Only these render until the viewer reaches past them (scrolls
 * the rail, uses its arrows, tabs into it or points at it): a home page of fourteen rails of twenty
 * then costs a phone's main thread a screenful of cards, not 280 (issue 19).
 */
function postersAcrossTheWindow(): number {
  return Math.ceil(window.innerWidth / 142) + 1;
}

/** How far below (and above) the screen a rail starts to draw its posters, so they are there as it scrolls in. */
const NEAR_THE_SCREEN = '800px 0px';

/**
 * Whether the element is on or near the screen yet: true at once when `already`, or where the browser
 * cannot tell (no IntersectionObserver); it stays true once it has been.
 */
function useNearTheScreen(element: RefObject<HTMLElement | null>, already: boolean): boolean {
  const [near, setNear] = useState(already || typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = element.current;
    if (near || !el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: NEAR_THE_SCREEN },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [element, near]);
  return near;
}

/**
 * One genre's row of posters, scrolled sideways, with a View all link to the genre's page. The scroll
 * buttons sit in the row's head, beside View all, never over the posters. A rail below the first
 * screen (not `firstScreen`) draws its head at once and its posters when it comes near the screen, in
 * the room it keeps for them (`.vw-rail--pending`), so nothing below it moves.
 */
export function Rail({
  rail,
  priority = false,
  firstScreen = priority,
}: {
  rail: RailData;
  priority?: boolean;
  /** On the page's first screen: its posters render with the page. */
  firstScreen?: boolean;
}) {
  const { t } = useViewerTranslation();
  const section = useRef<HTMLElement>(null);
  const near = useNearTheScreen(section, firstScreen);
  const [reachedPast, setReachedPast] = useState(false);
  const shown = !near
    ? 0
    : reachedPast
      ? rail.movies.length
      : Math.min(rail.movies.length, postersAcrossTheWindow());
  const track = useRef<HTMLUListElement>(null);
  const headingId = `vw-rail-${genreSlug(rail.genre)}`;
  const genre = t(`genres.${rail.genre}`);
  const showAll = () => {
    if (near && !reachedPast && shown < rail.movies.length) setReachedPast(true);
  };

  function page(direction: 1 | -1) {
    // The rest of the posters first, so that there is a page to scroll to.
    if (!reachedPast) flushSync(() => setReachedPast(true));
    const el = track.current;
    if (el) el.scrollBy({ left: direction * el.clientWidth * 0.85, behavior: 'smooth' });
  }

  return (
    <section
      ref={section}
      className={near ? 'vw-rail' : 'vw-rail vw-rail--pending'}
      aria-labelledby={headingId}
      aria-busy={!near || undefined}
    >
      <div className="vw-rail__head">
        <h2 id={headingId} className="vw-rail__title">
          {genre}
        </h2>
        <div className="vw-rail__tools">
          <button
            type="button"
            className="vw-rail__arrow"
            aria-label={t('rail.scrollLeft', { genre })}
            onClick={() => page(-1)}
          >
            <Chevron direction="left" />
          </button>
          <button
            type="button"
            className="vw-rail__arrow"
            aria-label={t('rail.scrollRight', { genre })}
            onClick={() => page(1)}
          >
            <Chevron direction="right" />
          </button>
          <Link
            className="vw-rail__all"
            to={`/${genreSlug(rail.genre)}`}
            aria-label={t('rail.viewAllOf', { genre })}
          >
            {t('rail.viewAll')} <span aria-hidden="true">›</span>
          </Link>
        </div>
      </div>
      <ul
        className="vw-rail__track"
        ref={track}
        onScroll={showAll}
        onFocus={showAll}
        onPointerEnter={showAll}
        onTouchStart={showAll}
      >
        {rail.movies.slice(0, shown).map((movie, index) => (
          <li key={movie._id} className="vw-rail__item">
            <PosterCard movie={movie} priority={priority && index < 6} />
          </li>
        ))}
      </ul>
    </section>
  );
}
