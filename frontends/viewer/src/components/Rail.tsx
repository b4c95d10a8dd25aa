import { useRef } from 'react';
import { Link } from 'react-router';
import { genreSlug } from '../catalog/catalog-lists';
import type { Rail as RailData } from '../catalog/catalog-rules';
import { PosterCard } from './PosterCard';

function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
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

/** One genre's row of posters, scrolled sideways, with a View all link to the genre's page. */
export function Rail({ rail, priority = false }: { rail: RailData; priority?: boolean }) {
  const track = useRef<HTMLUListElement>(null);
  const headingId = `vw-rail-${genreSlug(rail.genre)}`;

  function page(direction: 1 | -1) {
    const el = track.current;
    if (el) el.scrollBy({ left: direction * el.clientWidth * 0.85, behavior: 'smooth' });
  }

  return (
    <section className="vw-rail" aria-labelledby={headingId}>
      <div className="vw-rail__head">
        <h2 id={headingId} className="vw-rail__title">
          {rail.genre}
        </h2>
        <Link className="vw-rail__all" to={`/${genreSlug(rail.genre)}`} aria-label={`View all ${rail.genre}`}>
          View all <span aria-hidden="true">›</span>
        </Link>
      </div>
      <div className="vw-rail__body">
        <button
          type="button"
          className="vw-rail__arrow vw-rail__arrow--left"
          aria-label={`Scroll ${rail.genre} left`}
          onClick={() => page(-1)}
          tabIndex={-1}
        >
          <Chevron direction="left" />
        </button>
        <ul className="vw-rail__track" ref={track}>
          {rail.movies.map((movie, index) => (
            <li key={movie._id} className="vw-rail__item">
              <PosterCard movie={movie} priority={priority && index < 6} />
            </li>
          ))}
        </ul>
        <button
          type="button"
          className="vw-rail__arrow vw-rail__arrow--right"
          aria-label={`Scroll ${rail.genre} right`}
          onClick={() => page(1)}
          tabIndex={-1}
        >
          <Chevron direction="right" />
        </button>
      </div>
    </section>
  );
}
