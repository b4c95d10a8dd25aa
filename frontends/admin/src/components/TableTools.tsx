import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The search box above an admin table (its search runs 500 ms after the last key, SPEC §4.7). */
export function TableSearch({
  value,
  onChange,
  label,
}: {
  value: string;
  onChange(value: string): void;
  label: string;
}) {
  return (
    <label className="ad-search">
      <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          d="M10.5 3a7.5 7.5 0 0 1 5.96 12.05l4.25 4.24a1 1 0 0 1-1.42 1.42l-4.24-4.25A7.5 7.5 0 1 1 10.5 3Zm0 2a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11Z"
          fill="currentColor"
        />
      </svg>
      <input
        type="search"
        className="ad-search__input"
        value={value}
        placeholder={label}
        aria-label={label}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}

/** An admin table's frame: loading, error and empty lines above the rows. */
export function TableFrame({
  status,
  error,
  empty,
  emptyText,
  onRetry,
  children,
}: {
  status: 'loading' | 'success' | 'error';
  error: string;
  empty: boolean;
  emptyText: string;
  onRetry(): void;
  children: ReactNode;
}) {
  return (
    <div className="ad-table-frame" aria-busy={status === 'loading'}>
      {status === 'error' && (
        <div className="ad-table-note ad-table-note--error" role="alert">
          Error: {error}
          <button type="button" className="button button--ghost button--small" onClick={onRetry}>
            Try again
          </button>
        </div>
      )}
      {status === 'loading' && empty && <p className="ad-table-note">Loading...</p>}
      {status === 'success' && empty && <p className="ad-table-note">{emptyText}</p>}
      {!empty && (
        <div className={status === 'loading' ? 'ad-table-wrap ad-table-wrap--stale' : 'ad-table-wrap'}>
          {children}
        </div>
      )}
    </div>
  );
}

/** A small picture in a table row, with a neutral box when it is missing or broken. */
export function RowThumb({
  src,
  alt,
  wide = false,
}: {
  src: string | null | undefined;
  alt: string;
  wide?: boolean;
}) {
  return (
    <span className={`ad-thumb ${wide ? 'ad-thumb--wide' : ''}`}>
      {src && (
        <img
          src={src}
          alt={alt}
          width={wide ? 96 : 40}
          height={wide ? 54 : 60}
          loading="lazy"
          decoding="async"
          onError={(e) => {
            e.currentTarget.style.visibility = 'hidden';
          }}
        />
      )}
    </span>
  );
}

/**
 * A cell that names its column: on a narrow screen the table shows each row as a card, and the cell
 * carries its column's name there (issue 11: no sideways scrolling to reach a row's actions).
 */
export function Cell({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <td data-label={label} className={className}>
      {children}
    </td>
  );
}

/** A row's Edit link and Delete button, each named after the row for screen readers. */
export function RowActions({
  title,
  editTo,
  editState,
  onDelete,
}: {
  title: string;
  editTo: string;
  editState?: unknown;
  onDelete(): void;
}) {
  return (
    <td className="ad-table__actions">
      <Link
        className="button button--ghost button--small"
        to={editTo}
        state={editState}
        aria-label={`Edit ${title}`}
      >
        Edit
      </Link>
      <button
        type="button"
        className="button button--danger-ghost button--small"
        onClick={onDelete}
        aria-label={`Delete ${title}`}
      >
        Delete
      </button>
    </td>
  );
}
