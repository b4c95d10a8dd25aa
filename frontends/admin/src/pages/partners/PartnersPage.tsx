import { useState } from 'react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../app/use-document-title';
import { endpoints, partnerPaths } from '../../analytics/endpoints';
import { counted, formatCount } from '../../back-office/display-rules';
import { Pagination } from '../../components/Pagination';
import { TableFrame, TableSearch } from '../../components/TableTools';
import { useDeletion } from '../../components/use-deletion';
import { useTableQuery } from '../../components/use-table-query';
import { hours, money, PeriodSelect, percentOf, ShareMethod } from '../../partners/partner-figures';
import { PartnerMessages } from '../../partners/types';
import { usePartnerList } from '../../partners/use-partner-list';
import '../../analytics/analytics.css';
import '../../partners/partners.css';

/**
 * /admin/vendor (SPEC §2.13 Vendor, DECISIONS D12): content partners by name, 10 a page, searched by
 * name, each with plays, watch time and revenue share over the chosen period, and the method stated.
 */
export function PartnersPage() {
  useDocumentTitle('Vendor');
  const query = useTableQuery();
  const [days, setDays] = useState(30);
  const list = usePartnerList(query.search, query.page, days);
  const partners = list.data?.partners ?? [];
  const deletion = useDeletion({
    path: endpoints.partner,
    text: PartnerMessages.confirmDelete,
    onDeleted: () => query.afterDelete(partners.length, list.reload),
  });

  return (
    <section className="ad-page">
      <header className="ad-page__header ad-page__header--row">
        <div>
          <h1 className="ad-page__title">Vendor</h1>
          <p className="ad-page__subtitle">
            {list.data ? counted(list.data.totalPartners, 'content partner') : 'Content partners'}
          </p>
        </div>
        <Link className="button button--primary button--small" to={partnerPaths.create}>
          Add partner
        </Link>
      </header>
      <div className="ad-toolbar pt-toolbar">
        <TableSearch value={query.input} onChange={query.setInput} label="Search partners by name" />
        <PeriodSelect value={days} onChange={setDays} />
      </div>
      <TableFrame
        status={list.status === 'idle' ? 'loading' : list.status}
        error={list.error}
        empty={partners.length === 0}
        emptyText={query.search ? `No partners match “${query.search}”.` : 'No content partners yet.'}
        onRetry={list.reload}
      >
        <table className="ad-table pt-table">
          <thead>
            <tr>
              <th scope="col">Partner</th>
              <th scope="col">Contact</th>
              <th scope="col" className="an-num">
                Share
              </th>
              <th scope="col" className="an-num">
                Titles
              </th>
              <th scope="col" className="an-num">
                Plays
              </th>
              <th scope="col" className="an-num">
                Watch time
              </th>
              <th scope="col" className="an-num">
                Revenue share
              </th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {partners.map((partner) => (
              <tr key={partner._id}>
                <th scope="row" className="ad-table__title">
                  <Link className="ad-link" to={partnerPaths.page(partner._id)}>
                    {partner.name}
                  </Link>
                </th>
                <td>
                  {partner.contactPerson}
                  <span className="pt-sub">{partner.email}</span>
                  <span className="pt-sub">{partner.phone}</span>
                </td>
                <td className="an-num">{partner.revenueSharePercent}%</td>
                <td className="an-num">{formatCount(partner.titleCount)}</td>
                <td className="an-num" data-figure="plays">
                  {formatCount(partner.standing.plays)}
                </td>
                <td className="an-num">
                  {hours(partner.standing.watchSeconds)}
                  <span className="pt-sub">{percentOf(partner.standing.watchShare)} of all</span>
                </td>
                <td className="an-num">{money(partner.standing.payout)}</td>
                <td className="ad-table__actions">
                  <Link
                    className="button button--ghost button--small"
                    to={partnerPaths.edit(partner._id)}
                    aria-label={`Edit ${partner.name}`}
                  >
                    Edit
                  </Link>
                  <button
                    type="button"
                    className="button button--danger-ghost button--small"
                    onClick={() => deletion.ask(partner._id)}
                    aria-label={`Delete ${partner.name}`}
                  >
                    Delete
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableFrame>
      <Pagination page={query.page} totalPages={list.data?.totalPages ?? 1} onPage={query.setPage} />
      {list.data && <ShareMethod totals={list.data.totals} />}
      {deletion.dialog}
    </section>
  );
}
