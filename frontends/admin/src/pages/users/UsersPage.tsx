import { Link } from 'react-router';
import { useDocumentTitle } from '../../app/use-document-title';
import { counted, formatDate, formatDateTime, planSummary } from '../../back-office/display-rules';
import { endpoints, viewerPagePath } from '../../back-office/endpoints';
import { BackOfficeMessages, type AdminViewerPage } from '../../back-office/types';
import { Pagination } from '../../components/Pagination';
import { TableFrame, TableSearch } from '../../components/TableTools';
import { useAdminList } from '../../components/use-admin-list';
import { useDeletion } from '../../components/use-deletion';
import { useTableQuery } from '../../components/use-table-query';
import '../../styles/admin-back-office.css';
import '../../styles/admin-users.css';

/**
 * /admin/users (SPEC §2.13 Users, §4.7): viewers found by part of their number (500 ms after the last key,
 * back to page 1), 10 a page, newest sign-ups first, each with their plan and its validity; a delete per row.
 */
export function UsersPage() {
  useDocumentTitle('Users');
  const query = useTableQuery();
  const list = useAdminList<AdminViewerPage>(endpoints.viewers, query.search, query.page);
  const viewers = list.data?.users ?? [];
  const plansKnown = list.data?.plansAvailable ?? true;
  const deletion = useDeletion({
    path: endpoints.deleteViewer,
    text: BackOfficeMessages.confirmDeleteViewer,
    onDeleted: () => query.afterDelete(viewers.length, list.reload),
  });

  return (
    <section className="ad-page">
      <header className="ad-page__header">
        <h1 className="ad-page__title">Users</h1>
        {list.data && <p className="ad-page__subtitle">{counted(list.data.totalUsers, 'viewer')}</p>}
      </header>
      <div className="ad-toolbar">
        <TableSearch value={query.input} onChange={query.setInput} label="Search by mobile number" />
      </div>
      {!plansKnown && (
        <p className="ad-notice" role="status">
          Plans are unavailable just now; the list shows the accounts without them.
        </p>
      )}
      <TableFrame
        status={list.status}
        error={list.error}
        empty={viewers.length === 0}
        emptyText={query.search ? `No viewers match “${query.search}”.` : 'No viewers yet.'}
        onRetry={list.reload}
      >
        <table className="ad-table ad-viewers">
          <thead>
            <tr>
              <th scope="col">Mobile number</th>
              <th scope="col">Signed up</th>
              <th scope="col">Plan</th>
              <th scope="col">Validity</th>
              <th scope="col">Last seen</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {viewers.map((viewer) => {
              const plan = planSummary(viewer.plan, plansKnown);
              return (
                <tr key={viewer._id}>
                  <th scope="row" className="ad-table__title">
                    <Link className="ad-link" to={viewerPagePath(viewer._id)}>
                      {viewer.maskedPhoneNumber}
                    </Link>
                  </th>
                  <td>{formatDate(viewer.createdAt)}</td>
                  <td>
                    <span className={`ad-plan ad-plan--${plan.tone}`}>{plan.name}</span>
                  </td>
                  <td className="ad-table__nowrap">{plan.validity}</td>
                  <td className="ad-table__nowrap">{formatDateTime(viewer.lastSeenAt)}</td>
                  <td className="ad-table__actions">
                    <Link
                      className="button button--ghost button--small"
                      to={viewerPagePath(viewer._id)}
                      aria-label={`View ${viewer.maskedPhoneNumber}`}
                    >
                      View
                    </Link>
                    <button
                      type="button"
                      className="button button--danger-ghost button--small"
                      onClick={() => deletion.ask(viewer._id)}
                      aria-label={`Delete ${viewer.maskedPhoneNumber}`}
                    >
                      Delete
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableFrame>
      <Pagination page={query.page} totalPages={list.data?.totalPages ?? 1} onPage={query.setPage} />
      {deletion.dialog}
    </section>
  );
}
