import { useViewerTranslation } from '../i18n/use-viewer-translation';

/** SPEC §2.11 request states: 'Loading...' and 'Error: {message}' with a way to try again. */
export function LoadingLine({ text }: { text?: string }) {
  const { t } = useViewerTranslation();
  return (
    <div className="vw-status" role="status" aria-live="polite">
      <span className="vw-status__spinner" aria-hidden="true" />
      {text ?? t('common.loading')}
    </div>
  );
}

export function ErrorLine({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const { t } = useViewerTranslation();
  return (
    <div className="vw-status vw-status--error" role="alert">
      <span>{t('common.error', { message })}</span>
      {onRetry && (
        <button type="button" className="button button--ghost button--small" onClick={onRetry}>
          {t('common.tryAgain')}
        </button>
      )}
    </div>
  );
}

export function EmptyState({ title, text }: { title: string; text?: string }) {
  return (
    <div className="vw-empty">
      <p className="vw-empty__title">{title}</p>
      {text && <p className="vw-empty__text">{text}</p>}
    </div>
  );
}

/** SPEC §2.11 search: a spinner over the whole screen while results load. */
export function FullScreenSpinner({ label }: { label: string }) {
  return (
    <div className="vw-overlay" role="status" aria-live="polite">
      <span className="vw-overlay__spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
