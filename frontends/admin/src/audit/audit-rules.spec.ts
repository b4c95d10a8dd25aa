import { describeValue, entityPath, fieldLabel } from './audit-display';
import {
  auditPath,
  filtersFrom,
  isFiltered,
  NO_FILTERS,
  paramsOf,
  rangeProblem,
  withFilter,
} from './audit-filters';

const ADMIN = '4d7a3f0e-3c52-4a57-9a8e-0f4f8f1b2c3d';

describe('the Audit page’s filters (issue 9)', () => {
  it('reads the filters from the address, ignoring what it cannot read', () => {
    expect(
      filtersFrom(
        new URLSearchParams(
          `page=3&admin=${ADMIN}&entity=movie&action=updated&from=2026-01-01&to=2026-01-31`,
        ),
      ),
    ).toEqual({
      page: 3,
      admin: ADMIN,
      entity: 'movie',
      action: 'updated',
      from: '2026-01-01',
      to: '2026-01-31',
    });
    expect(
      filtersFrom(
        new URLSearchParams('page=-2&admin=someone&entity=planet&action=ate&from=yesterday&to=2026-1-2'),
      ),
    ).toEqual(NO_FILTERS);
  });

  it('writes only what is set, and a new filter goes back to page 1', () => {
    const filters = { ...NO_FILTERS, page: 4, entity: 'movie' as const };
    expect(paramsOf(filters).toString()).toBe('page=4&entity=movie');
    expect(auditPath(NO_FILTERS)).toBe('admin/audit');
    const narrowed = withFilter(filters, 'action', 'deleted');
    expect(narrowed).toMatchObject({ page: 1, entity: 'movie', action: 'deleted' });
    expect(auditPath(narrowed)).toBe('admin/audit?entity=movie&action=deleted');
    expect(isFiltered(NO_FILTERS)).toBe(false);
    expect(isFiltered(narrowed)).toBe(true);
  });

  it('says when the range ends before it starts', () => {
    expect(rangeProblem({ from: '2026-02-01', to: '2026-01-31' })).toBe(
      'The end date is before the start date.',
    );
    expect(rangeProblem({ from: '2026-02-01', to: '2026-02-01' })).toBeUndefined();
    expect(rangeProblem({ from: '', to: '2026-01-31' })).toBeUndefined();
  });
});

describe('how an entry reads', () => {
  it('words values and field names', () => {
    expect(describeValue(null)).toBe('—');
    expect(describeValue(true)).toBe('Yes');
    expect(describeValue(123456)).toBe('1,23,456');
    expect(describeValue(['Drama', 'Sports'])).toBe('Drama, Sports');
    expect(describeValue({ a: 1 })).toBe('{"a":1}');
    expect(fieldLabel('releaseYear')).toBe('Release year');
    expect(fieldLabel('episodes.2.title')).toBe('Episodes 2 title');
  });

  it('links to what still exists', () => {
    const movie = { type: 'movie' as const, id: 'm1', label: 'Kaveri Nights' };
    expect(entityPath({ action: 'updated', entity: movie })).toBe('/admin/movies/edit/m1');
    expect(entityPath({ action: 'disabled', entity: { type: 'coupon', id: 'c1', label: 'DIWALI' } })).toBe(
      '/admin/coupons',
    );
    expect(entityPath({ action: 'refunded', entity: { type: 'payment', id: 'p1', label: 'pay_1' } })).toBe(
      '/admin/payments',
    );
    expect(entityPath({ action: 'deleted', entity: movie })).toBeUndefined();
    expect(
      entityPath({ action: 'signed-in', entity: { type: 'admin', id: 'a1', label: 'x' } }),
    ).toBeUndefined();
    expect(
      entityPath({ action: 'sign-in-failed', entity: { type: 'viewer', id: null, label: 'x' } }),
    ).toBeUndefined();
    expect(
      entityPath({
        action: 'rebuild-requested',
        entity: { type: 'analytics', id: null, label: 'Per-day aggregates' },
      }),
    ).toBe('/admin/analytics');
  });
});
