import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useApi } from '../../app/api';
import { useHost } from '../../app/host';
import { useDocumentTitle } from '../../app/use-document-title';
import { endpoints, partnerPaths } from '../../analytics/endpoints';
import { formatCount } from '../../back-office/display-rules';
import { TableSearch } from '../../components/TableTools';
import { useDeletion } from '../../components/use-deletion';
import { useTableQuery } from '../../components/use-table-query';
import { hours, money, PeriodSelect, percentOf, ShareMethod } from '../../partners/partner-figures';
import {
  PartnerMessages,
  type PartnerTitleKind,
  type PartnerTitleOption,
  type TitleAssigned,
} from '../../partners/types';
import { usePartnerDetails } from '../../partners/use-partner-details';
import { useTitleSearch } from '../../partners/use-title-search';
import '../../analytics/analytics.css';
import '../../partners/partners.css';

const kindWord = (kind: PartnerTitleKind) => (kind === 'movie' ? 'Movie' : 'Show');

/**
 * /admin/vendor/{id}: a content partner, their standing over the chosen period with the method stated,
 * their titles (each removable), and a search to assign more.
 */
export function PartnerPage() {
  const { partnerId = '' } = useParams();
  const navigate = useNavigate();
  const { api, problemOf } = useApi();
  const { toast } = useHost();
  const [days, setDays] = useState(30);
  const details = usePartnerDetails(partnerId, days);
  const partner = details.data?.partner;
  useDocumentTitle(partner?.name ?? 'Partner');
  const query = useTableQuery();
  const found = useTitleSearch(query.search);
  const [busyTitle, setBusyTitle] = useState('');
  const deletion = useDeletion({
    path: endpoints.partner,
    text: PartnerMessages.confirmDelete,
    onDeleted: () => void navigate(partnerPaths.list),
  });

  async function assign(kind: PartnerTitleKind, titleId: string, to: string | null) {
    setBusyTitle(titleId);
    try {
      const answer = await api
        .put(endpoints.titlePartner(kind, titleId), { json: { partnerId: to } })
        .json<TitleAssigned>();
      toast(answer.message, 'success');
      details.reload();
      found.reload();
    } catch (error) {
      toast(problemOf(error).message, 'error');
    } finally {
      setBusyTitle('');
    }
  }

  if (!details.data)
    return (
      <section className="ad-page">
        <header className="ad-page__header">
          <Link className="ad-crumb" to={partnerPaths.list}>
            ← Vendor
          </Link>
          <h1 className="ad-page__title">Partner</h1>
        </header>
        {details.status === 'error' ? (
          <div className="ad-table-note ad-table-note--error" role="alert">
            Error: {details.error}
            <button type="button" className="button button--ghost button--small" onClick={details.reload}>
              Try again
            </button>
          </div>
        ) : (
          <p className="ad-table-note">Loading...</p>
        )}
      </section>
    );

  const { standing, totals, titles } = details.data;
  const own = (option: PartnerTitleOption) => option.partner?._id === partnerId;

  return (
    <section className="ad-page" aria-busy={details.status === 'loading'}>
      <header className="ad-page__header ad-page__header--row">
        <div>
          <Link className="ad-crumb" to={partnerPaths.list}>
            ← Vendor
          </Link>
          <h1 className="ad-page__title">{partner?.name}</h1>
          <p className="ad-page__subtitle">
            {partner?.contactPerson} · {partner?.email} · {partner?.phone}
          </p>
        </div>
        <div className="an-actions">
          <Link className="button button--ghost button--small" to={partnerPaths.edit(partnerId)}>
            Edit
          </Link>
          <button
            type="button"
            className="button button--danger-ghost button--small"
            onClick={() => deletion.ask(partnerId)}
          >
            Delete
          </button>
        </div>
      </header>

      <div className="ad-toolbar">
        <PeriodSelect value={days} onChange={setDays} />
      </div>
      <div className="an-totals">
        <div className="ad-tile">
          <p className="ad-tile__title">Plays</p>
          <p className="ad-tile__value" data-figure="partner-plays">
            {formatCount(standing.plays)}
          </p>
        </div>
        <div className="ad-tile">
          <p className="ad-tile__title">Watch time</p>
          <p className="ad-tile__value">{hours(standing.watchSeconds)}</p>
          <p className="ad-tile__sub">{percentOf(standing.watchShare)} of all watch time</p>
        </div>
        <div className="ad-tile">
          <p className="ad-tile__title">Revenue share ({partner?.revenueSharePercent}%)</p>
          <p className="ad-tile__value">{money(standing.payout)}</p>
          <p className="ad-tile__sub">of {money(standing.attributableRevenue)} their titles earned</p>
        </div>
      </div>
      <ShareMethod totals={totals} />

      <section className="ad-card pt-section" aria-labelledby="pt-titles">
        <h2 id="pt-titles" className="ad-card__title">
          Titles ({titles.length})
        </h2>
        {titles.length === 0 ? (
          <p className="ad-table-note">No titles yet: find one below and assign it.</p>
        ) : (
          <div className="ad-table-wrap">
            <table className="ad-table">
              <thead>
                <tr>
                  <th scope="col">Title</th>
                  <th scope="col">Language</th>
                  <th scope="col" className="an-num">
                    Plays
                  </th>
                  <th scope="col" className="an-num">
                    Watch time
                  </th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {titles.map((title) => (
                  <tr key={title.titleId} data-title-id={title.titleId}>
                    <th scope="row" className="ad-table__title">
                      {title.title ?? 'Deleted title'}
                      <span className="pt-sub">{kindWord(title.kind)}</span>
                    </th>
                    <td>{title.language ?? '—'}</td>
                    <td className="an-num">{formatCount(title.plays)}</td>
                    <td className="an-num">{hours(title.watchSeconds)}</td>
                    <td className="ad-table__actions">
                      <button
                        type="button"
                        className="button button--ghost button--small"
                        disabled={busyTitle === title.titleId}
                        onClick={() => void assign(title.kind, title.titleId, null)}
                        aria-label={`Remove ${title.title ?? 'title'}`}
                      >
                        Remove
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section className="ad-card pt-section" aria-labelledby="pt-assign">
        <h2 id="pt-assign" className="ad-card__title">
          Assign titles
        </h2>
        <TableSearch value={query.input} onChange={query.setInput} label="Find a movie or show by title" />
        {found.status === 'error' && (
          <p className="ad-table-note ad-table-note--error" role="alert">
            Error: {found.error}
          </p>
        )}
        {query.search && found.status === 'success' && found.options.length === 0 && (
          <p className="ad-table-note">No titles match “{query.search}”.</p>
        )}
        <ul className="pt-options">
          {found.options.map((option) => (
            <li key={option.titleId} className="pt-option">
              <span>
                <strong>{option.title}</strong>
                <span className="pt-sub">
                  {kindWord(option.kind)}
                  {option.language ? ` · ${option.language}` : ''}
                  {option.partner && !own(option) ? ` · now ${option.partner.name}` : ''}
                </span>
              </span>
              {own(option) ? (
                <span className="pt-assigned">Assigned</span>
              ) : (
                <button
                  type="button"
                  className="button button--primary button--small"
                  disabled={busyTitle === option.titleId}
                  onClick={() => void assign(option.kind, option.titleId, partnerId)}
                  aria-label={`Assign ${option.title}`}
                >
                  {option.partner ? 'Move here' : 'Assign'}
                </button>
              )}
            </li>
          ))}
        </ul>
      </section>
      {deletion.dialog}
    </section>
  );
}
