import type { HistoryEntry } from '@chitram/contracts/web';
import { useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useApi, useFailureMessage } from '../app/api';
import { useHost } from '../app/host';
import { useDocumentTitle } from '../app/use-document-title';
import { useLoader } from '../app/use-loader';
import { EmptyState, ErrorLine, LoadingLine } from '../components/LoadStatus';
import { SmartImage } from '../components/SmartImage';
import { numberFormat } from '../i18n/formats';
import { useFormats } from '../i18n/use-formats';
import { useViewerTranslation } from '../i18n/use-viewer-translation';
import { ConfirmDialog } from '../sign-in/ConfirmDialog';
import { clearHistory, fetchHistory, removeFromHistory, resumePath, watchedShare } from './history-api';
import '../styles/sign-in.css';
import '../styles/history.css';

/** One watched title: its picture, name, when, how far, Resume and Remove. */
function HistoryRow({
  entry,
  onRemove,
  busy,
  priority,
}: {
  entry: HistoryEntry;
  onRemove(): void;
  busy: boolean;
  priority: boolean;
}) {
  const { t } = useViewerTranslation();
  const { date, locale } = useFormats();
  const title = entry.movie?.title ?? entry.episode?.title ?? '';
  const picture = entry.movie ? entry.movie.thumbnailUrl : (entry.episode?.bannerUrl ?? '');
  const share = watchedShare(entry);
  const to = resumePath(entry);
  return (
    <li className="vw-history__row" data-testid="history-entry">
      <SmartImage
        src={picture}
        alt=""
        width={entry.movie ? 80 : 142}
        height={entry.movie ? 120 : 80}
        sizes={entry.movie ? '80px' : '142px'}
        className={`vw-history__art${entry.movie ? '' : ' vw-history__art--wide'}`}
        priority={priority}
      />
      <div className="vw-history__body">
        <h2 className="vw-history__title">{title}</h2>
        <p className="vw-history__meta">{t('history.watchedOn', { date: date(entry.watchedAt) })}</p>
        <span
          className="vw-history__progress"
          role="progressbar"
          aria-label={t('history.progressOf', { title })}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round((share ?? 0) * 100)}
        >
          <span style={{ width: `${(share ?? 0) * 100}%` }} />
        </span>
        <p className="vw-history__meta">
          {entry.finished
            ? t('history.finished')
            : share === null
              ? t('history.started')
              : t('history.progress', {
                  percent: numberFormat(locale, { style: 'percent' }).format(share),
                })}
        </p>
      </div>
      <div className="vw-history__actions">
        {to && (
          <Link className="button button--primary" to={to}>
            {t(entry.finished ? 'history.watchAgain' : 'history.resume')}
          </Link>
        )}
        <button
          type="button"
          className="button button--ghost"
          aria-label={t('history.removeOf', { title })}
          onClick={onRemove}
          disabled={busy}
        >
          {t('history.remove')}
        </button>
      </div>
    </li>
  );
}

/** `/history` (issue 22): what the signed-in viewer watched, newest first, with remove-one and clear-all. */
export function HistoryPage() {
  const { t } = useViewerTranslation();
  useDocumentTitle(t('history.title'));
  const api = useApi();
  const { toast, useSession } = useHost();
  const signedIn = useSession((s) => Boolean(s.user?.token));
  const failure = useFailureMessage();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const history = useLoader(signedIn ? (signal) => fetchHistory(api, page, signal) : null, [
    api,
    signedIn,
    page,
  ]);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);

  if (!signedIn) return <Navigate to="/login" replace state={{ returnTo: '/history' }} />;

  async function change(action: () => Promise<void>, done: string) {
    setBusy(true);
    try {
      await action();
      toast(done, 'success');
      history.reload();
    } catch (error) {
      toast(failure(error, t('history.failed')), 'error');
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  }

  const data = history.data;
  const goTo = (next: number) => setParams(next > 1 ? { page: String(next) } : {});
  return (
    <section className="vw-page vw-history" aria-labelledby="vw-history-title">
      <div className="vw-history__head">
        <h1 id="vw-history-title" className="vw-page__title">
          {t('history.title')}
        </h1>
        {data && data.total > 0 && (
          <button
            type="button"
            className="button button--ghost"
            onClick={() => setConfirming(true)}
            disabled={busy}
          >
            {t('history.clear')}
          </button>
        )}
      </div>
      {history.status === 'loading' && !data && <LoadingLine />}
      {history.error && <ErrorLine message={t('common.somethingWrong')} onRetry={history.reload} />}
      {data && data.total === 0 && (
        <div className="vw-history__empty">
          <EmptyState title={t('history.empty')} text={t('history.emptyText')} />
          <Link className="button button--primary" to="/movies">
            {t('history.browse')}
          </Link>
        </div>
      )}
      {data && data.entries.length > 0 && (
        <ul className="vw-history__list" data-testid="history-list">
          {data.entries.map((entry, index) => (
            <HistoryRow
              key={entry.titleId}
              entry={entry}
              priority={index < 4}
              busy={busy}
              onRemove={() => void change(() => removeFromHistory(api, entry.titleId), t('history.removed'))}
            />
          ))}
        </ul>
      )}
      {data && data.totalPages > 1 && (
        <nav className="vw-history__pages" aria-label={t('history.pageOf', { page, pages: data.totalPages })}>
          <button
            type="button"
            className="button button--ghost"
            disabled={page <= 1}
            onClick={() => goTo(page - 1)}
          >
            {t('history.newer')}
          </button>
          <span>{t('history.pageOf', { page, pages: data.totalPages })}</span>
          <button
            type="button"
            className="button button--ghost"
            disabled={page >= data.totalPages}
            onClick={() => goTo(page + 1)}
          >
            {t('history.older')}
          </button>
        </nav>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('history.clearTitle')}
        message={t('history.clearText')}
        confirmLabel={t('history.clearConfirm')}
        cancelLabel={t('common.cancel')}
        busy={busy}
        onConfirm={() => void change(() => clearHistory(api), t('history.cleared'))}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
