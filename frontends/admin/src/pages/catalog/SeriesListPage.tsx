import { Link } from 'react-router';
import { useDocumentTitle } from '../../app/use-document-title';
import { ADMIN_PAGE_SIZE } from '../../catalog/catalog-lists';
import { endpoints } from '../../catalog/endpoints';
import { pageCount } from '../../catalog/table-rules';
import type { SeriesPage } from '../../catalog/types';
import { Pagination } from '../../components/Pagination';
import { Cell, RowActions, RowThumb, TableFrame, TableSearch } from '../../components/TableTools';
import { useAdminList } from '../../components/use-admin-list';
import { useDeletion } from '../../components/use-deletion';
import { useTableQuery } from '../../components/use-table-query';

/** DECISIONS D11: All Series lists every series, with edit and delete. */
export function SeriesListPage() {
  useDocumentTitle('All Series');
  const query = useTableQuery();
  const list = useAdminList<SeriesPage>(endpoints.series, query.search, query.page);
  const rows = list.data?.series ?? [];
  const totalPages = list.data?.totalPages ?? pageCount(list.data?.totalSeries ?? 0, ADMIN_PAGE_SIZE);
  const deletion = useDeletion({
    path: endpoints.oneSeries,
    text: 'Do you really want to delete this series and all its episodes?',
    onDeleted: () => query.afterDelete(rows.length, list.reload),
  });

  return (
    <section className="ad-page">
      <header className="ad-page__header ad-page__header--row">
        <div>
          <h1 className="ad-page__title">All Series</h1>
          {list.data && (
            <p className="ad-page__subtitle">
              {list.data.totalSeries} {list.data.totalSeries === 1 ? 'series' : 'series'}
            </p>
          )}
        </div>
        <Link className="button button--primary" to="/admin/series/upload">
          + Upload Series
        </Link>
      </header>
      <div className="ad-toolbar">
        <TableSearch value={query.input} onChange={query.setInput} label="Search series" />
      </div>
      <TableFrame
        status={list.status}
        error={list.error}
        empty={rows.length === 0}
        emptyText={
          query.search ? `No series match “${query.search}”.` : 'No series yet. Upload the first one.'
        }
        onRetry={list.reload}
      >
        <table className="ad-table">
          <thead>
            <tr>
              <th scope="col">
                <span className="visually-hidden">Title image</span>
              </th>
              <th scope="col">Title</th>
              <th scope="col">Category</th>
              <th scope="col">Language</th>
              <th scope="col">Genres</th>
              <th scope="col">Rating</th>
              <th scope="col">Episodes</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((series) => (
              <tr key={series._id}>
                <td className="ad-table__thumb">
                  <RowThumb src={series.titlePngUrl} alt="" wide />
                </td>
                <th scope="row" className="ad-table__title">
                  {series.title}
                  {series.tags.length > 0 && <span className="ad-table__sub">{series.tags.join(', ')}</span>}
                </th>
                <Cell label="Category" className="ad-table__category">
                  {series.category}
                </Cell>
                <Cell label="Language">{series.language}</Cell>
                <Cell label="Genres" className="ad-table__genres">
                  {series.genre.join(', ')}
                </Cell>
                <Cell label="Rating">
                  <span className="ad-pill">{series.rating}</span>
                </Cell>
                <Cell label="Episodes">{series.episodeCount}</Cell>
                <RowActions
                  title={series.title}
                  editTo={`/admin/series/edit/${series._id}`}
                  onDelete={() => deletion.ask(series._id)}
                />
              </tr>
            ))}
          </tbody>
        </table>
      </TableFrame>
      <Pagination page={query.page} totalPages={totalPages} onPage={query.setPage} />
      {deletion.dialog}
    </section>
  );
}
