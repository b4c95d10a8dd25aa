import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES, type AuditAction, type AuditEntityType } from './audit-types';

/** The Audit page's filters and page, as its address holds them (so a refresh or a shared link keeps them). */
export interface AuditFilters {
  page: number;
  /** An admin's id; '' for every admin. */
  admin: string;
  entity: AuditEntityType | '';
  action: AuditAction | '';
  /** Indian days, YYYY-MM-DD; '' for open. */
  from: string;
  to: string;
}

export const NO_FILTERS: AuditFilters = { page: 1, admin: '', entity: '', action: '', from: '', to: '' };

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function oneOf<T extends string>(list: readonly T[], value: string | null): T | '' {
  return value !== null && (list as readonly string[]).includes(value) ? (value as T) : '';
}

/** The filters an address names; anything unreadable counts as not set. */
export function filtersFrom(params: URLSearchParams): AuditFilters {
  const page = Number(params.get('page'));
  const day = (name: string) => {
    const value = params.get(name) ?? '';
    return DAY.test(value) ? value : '';
  };
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    admin: UUID.test(params.get('admin') ?? '') ? params.get('admin')! : '',
    entity: oneOf(AUDIT_ENTITY_TYPES, params.get('entity')),
    action: oneOf(AUDIT_ACTIONS, params.get('action')),
    from: day('from'),
    to: day('to'),
  };
}

/** The address's query for these filters: only what is set, page 1 left out. */
export function paramsOf(filters: AuditFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.page > 1) params.set('page', String(filters.page));
  for (const key of ['admin', 'entity', 'action', 'from', 'to'] as const)
    if (filters[key]) params.set(key, filters[key]);
  return params;
}

/** A changed filter starts again at page 1. */
export function withFilter<K extends Exclude<keyof AuditFilters, 'page'>>(
  filters: AuditFilters,
  key: K,
  value: AuditFilters[K],
): AuditFilters {
  return { ...filters, [key]: value, page: 1 };
}

/** Whether any filter (not the page) is set. */
export function isFiltered(filters: AuditFilters): boolean {
  return Boolean(filters.admin || filters.entity || filters.action || filters.from || filters.to);
}

/** The API path of a page of the trail, relative to the client's `/api` prefix. */
export function auditPath(filters: AuditFilters): string {
  const query = paramsOf(filters).toString();
  return query ? `admin/audit?${query}` : 'admin/audit';
}

/** A from–to range the server would refuse (to before from), for a message before asking it. */
export function rangeProblem(filters: Pick<AuditFilters, 'from' | 'to'>): string | undefined {
  return filters.from && filters.to && filters.to < filters.from
    ? 'The end date is before the start date.'
    : undefined;
}
