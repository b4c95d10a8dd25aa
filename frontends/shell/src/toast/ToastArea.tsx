import { useTranslation } from 'react-i18next';
import { useToasts } from './toast-store';

/** Toasts at the top right, below the header when there is one (issue 11). */
export function ToastArea({ belowHeader }: { belowHeader: boolean }) {
  const { t } = useTranslation();
  const toasts = useToasts((s) => s.toasts);
  const dismiss = useToasts((s) => s.dismiss);
  return (
    <div
      className={belowHeader ? 'toast-area toast-area--below-header' : 'toast-area'}
      aria-live="polite"
      aria-atomic="false"
    >
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className={`toast toast--${toast.kind}`}
          role={toast.kind === 'error' ? 'alert' : 'status'}
        >
          <span className="toast__text">{toast.message}</span>
          <button
            type="button"
            className="toast__close"
            aria-label={t('app.dismiss')}
            onClick={() => dismiss(toast.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
