import { useDeferredValue, useRef } from 'react';
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
 * four on a phone, eleven on a laptop. Only these render with the page, the rest of the rail's twenty
 * in the render after, off the screen to the right (issue 19: less of a phone's first main-thread task).
 */
function postersAcrossTheWindow(): number {
  return Math.ceil(window.innerWidth / 142) + 1;
}

/**
 * One genre's row of posters, scrolled sideways, with a View all link to the genre's page. The scroll
 * buttons sit in the row's head, beside View all, never over the posters.
 */
export function Rail({ rail, priority = false }: { rail: RailData; priority?: boolean }) {
  const { t } = useViewerTranslation();
  const shown = useDeferredValue(rail.movies.length, Math.min(rail.movies.length, postersAcrossTheWindow()));
  const track = useRef<HTMLUListElement>(null);
  const headingId = `vw-rail-${genreSlug(rail.genre)}`;
  const genre = t(`genres.${rail.genre}`);

  function page(direction: 1 | -1) {
    const el = track.current;
    if (el) el.scrollBy({ left: direction * el.clientWidth * 0.85, behavior: 'smooth' });
  }

  return (
    <section className="vw-rail" aria-labelledby={headingId}>
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
      <ul className="vw-rail__track" ref={track}>
        {rail.movies.slice(0, shown).map((movie, index) => (
          <li key={movie._id} className="vw-rail__item">
            <PosterCard movie={movie} priority={priority && index < 6} />
          </li>
        ))}
      </ul>
    </section>
  );
}
