import type { AuditEntry, AuditValue } from './audit-types';

// How the Audit page words an entry's values and links it to what it is about.

const NUMBER = new Intl.NumberFormat('en-IN');

/** A before or after value in a line of text: '—' for nothing, lists joined, yes/no for flags. */
export function describeValue(value: AuditValue): string {
  if (value === null || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return NUMBER.format(value);
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.length ? value.map(describeValue).join(', ') : '—';
  return JSON.stringify(value);
}

/** `releaseYear` → 'Release year', `episodes.2.title` → 'Episodes 2 title'. */
export function fieldLabel(field: string): string {
  const words = field
    .split('.')
    .flatMap((part) => part.replace(/([a-z])([A-Z])/g, '$1 $2').split(' '))
    .map((word) => word.toLowerCase());
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Where the back office shows the record an entry is about, while it still exists; undefined otherwise. */
export function entityPath(entry: Pick<AuditEntry, 'action' | 'entity'>): string | undefined {
  const { type, id } = entry.entity;
  // The aggregates have no one record: their page shows them, and how the latest rebuild went.
  if (type === 'analytics') return '/admin/analytics';
  // A plan is never deleted; its page shows its terms and their changes (D43).
  if (type === 'plan') return '/admin/plans';
  // Coupons and payments are only disabled and refunded, never deleted: their lists show them.
  if (type === 'coupon') return '/admin/coupons';
  if (type === 'payment') return '/admin/payments';
  if (!id || entry.action === 'deleted') return undefined;
  const encoded = encodeURIComponent(id);
  switch (type) {
    case 'movie':
      return `/admin/movies/edit/${encoded}`;
    case 'show':
      return `/admin/shows/edit/${encoded}`;
    case 'series':
      return `/admin/series/edit/${encoded}`;
    case 'viewer':
      return `/admin/users/${encoded}`;
    case 'partner':
    case 'admin':
      return undefined;
  }
}
