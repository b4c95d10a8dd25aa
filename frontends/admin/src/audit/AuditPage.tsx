import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '../app/use-document-title';
import { counted } from '../back-office/display-rules';
import { Pagination } from '../components/Pagination';
import { TableFrame } from '../components/TableTools';
import { useResource } from '../components/use-resource';
import { AuditEntryItem } from './AuditEntryItem';
import { AuditFilterBar } from './AuditFilterBar';
import { auditPath, filtersFrom, isFiltered, NO_FILTERS, paramsOf, type AuditFilters } from './audit-filters';
import type { AuditPage as AuditPageAnswer } from './audit-types';
import '../styles/admin-back-office.css';
import './audit.css';

/**
 * /admin/audit (issue 9): who changed what in the catalogue, the viewers and the partners, and the
 * admins' sign-ins and locks; newest first, 20 a page, filtered by admin, entity, action and days.
 * The filters live in the address, so a refresh or a shared link shows the same page.
 */
export function AuditPage() {
  useDocumentTitle('Audit');
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const list = useResource<AuditPageAnswer>(auditPath(filters));
  const entries = list.data?.entries ?? [];
  const show = (next: AuditFilters) => setParams(paramsOf(next));

  return (
    <section className="ad-page ad-audit">
      <header className="ad-page__header ad-page__header--row">
        <div>
          <h1 className="ad-page__title">Audit</h1>
          {list.data && (
            <p className="ad-page__subtitle">{counted(list.data.totalEntries, 'entry', 'entries')}</p>
          )}
        </div>
        {isFiltered(filters) && (
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => show(NO_FILTERS)}
          >
            Clear filters
          </button>
        )}
      </header>
      <AuditFilterBar filters={filters} admins={list.data?.admins ?? []} onChange={show} />
      <TableFrame
        status={list.status}
        error={list.error}
        empty={entries.length === 0}
        emptyText={isFiltered(filters) ? 'No entries match these filters.' : 'Nothing has been recorded yet.'}
        onRetry={list.reload}
      >
        <ol className="ad-audit__list" aria-label="Audit entries">
          {entries.map((entry) => (
            <AuditEntryItem key={entry._id} entry={entry} />
          ))}
        </ol>
      </TableFrame>
      <Pagination
        page={filters.page}
        totalPages={list.data?.totalPages ?? 1}
        onPage={(page) => show({ ...filters, page })}
      />
    </section>
  );
}
