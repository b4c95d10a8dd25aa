import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Pagination } from '../components/Pagination';
import { TableFrame, TableSearch } from '../components/TableTools';
import { useAdminList } from '../components/use-admin-list';
import { useDeletion } from '../components/use-deletion';
import { useTableQuery } from '../components/use-table-query';
import { ADMIN_PAGE_SIZE } from './catalog-lists';
import { pageCount } from './table-rules';

/** One page of a catalogue list as the API answers it, reduced to its rows and counts. */
export interface ListedRows<R> {
  rows: R[];
  total: number;
  totalPages?: number;
}

/**
 * SPEC §2.13's catalogue tables: search (500 ms, back to page 1), pages of 10, and delete behind SPEC
 * §8's confirmation. `rowsOf` reads the rows and counts out of the page the API answers.
 */
export function useCatalogList<P, R extends { _id: string }>(
  path: string,
  rowsOf: (page: P) => ListedRows<R>,
  deletion: { path: (id: string) => string; text: string },
) {
  const query = useTableQuery();
  const list = useAdminList<P>(path, query.search, query.page);
  const listed: ListedRows<R> = list.data ? rowsOf(list.data) : { rows: [], total: 0 };
  const remove = useDeletion({
    ...deletion,
    onDeleted: () => query.afterDelete(listed.rows.length, list.reload),
  });
  return {
    query,
    list,
    rows: listed.rows,
    total: list.data ? listed.total : null,
    totalPages: listed.totalPages ?? pageCount(listed.total, ADMIN_PAGE_SIZE),
    deletion: remove,
  };
}

/** The page around a catalogue table: heading and count, the upload link, search, states, paging. */
export function CatalogListPage({
  heading,
  catalogue,
  count,
  upload,
  searchLabel,
  emptyText,
  columns,
  children,
}: {
  heading: string;
  catalogue: ReturnType<typeof useCatalogList>;
  /** The total in words: "3 movies". */
  count(total: number): string;
  upload: { to: string; label: string };
  searchLabel: string;
  emptyText(search: string): string;
  /** The picture column's hidden name, then the named columns; an Actions column closes the row. */
  columns: { picture: string; named: string[] };
  /** The rows of the table body. */
  children: ReactNode;
}) {
  const { query, list, rows, total, totalPages, deletion } = catalogue;
  return (
    <section className="ad-page">
      <header className="ad-page__header ad-page__header--row">
        <div>
          <h1 className="ad-page__title">{heading}</h1>
          {total !== null && <p className="ad-page__subtitle">{count(total)}</p>}
        </div>
        <Link className="button button--primary" to={upload.to}>
          {upload.label}
        </Link>
      </header>
      <div className="ad-toolbar">
        <TableSearch value={query.input} onChange={query.setInput} label={searchLabel} />
      </div>
      <TableFrame
        status={list.status}
        error={list.error}
        empty={rows.length === 0}
        emptyText={emptyText(query.search)}
        onRetry={list.reload}
      >
        <table className="ad-table">
          <thead>
            <tr>
              <th scope="col">
                <span className="visually-hidden">{columns.picture}</span>
              </th>
              {columns.named.map((name) => (
                <th key={name} scope="col">
                  {name}
                </th>
              ))}
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>{children}</tbody>
        </table>
      </TableFrame>
      <Pagination page={query.page} totalPages={totalPages} onPage={query.setPage} />
      {deletion.dialog}
    </section>
  );
}
