import { useState } from 'react';
import { useHost } from '../app/host';
import { useViewerTranslation } from '../i18n/use-viewer-translation';
import { shareTitle, titleShareUrl } from './share-rules';

function ShareIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M18 16.1c-.8 0-1.5.3-2 .8l-7.1-4.1c.1-.3.1-.5.1-.8s0-.5-.1-.8L16 7.1c.5.5 1.2.8 2 .8 1.7 0 3-1.3 3-3s-1.3-3-3-3-3 1.3-3 3c0 .3 0 .5.1.8L8 9.9C7.5 9.3 6.8 9 6 9c-1.7 0-3 1.3-3 3s1.3 3 3 3c.8 0 1.5-.3 2-.8l7.1 4.2c-.1.2-.1.4-.1.7 0 1.6 1.3 2.9 2.9 2.9s2.9-1.3 2.9-2.9-1.2-3-2.8-3z"
      />
    </svg>
  );
}

/**
 * Share on a title page (issue 19): the system's share sheet where the browser has one, else the
 * link copied, with a toast saying so.
 */
export function ShareButton({ slug, title }: { slug: string; title: string }) {
  const { t } = useViewerTranslation();
  const { toast } = useHost();
  const [busy, setBusy] = useState(false);

  async function share() {
    setBusy(true);
    const url = titleShareUrl(window.location.origin, slug);
    const outcome = await shareTitle(
      { title, text: t('sharing.shareText', { title }), url },
      {
        share: typeof navigator.share === 'function' ? (data) => navigator.share(data) : undefined,
        canShare: typeof navigator.canShare === 'function' ? (data) => navigator.canShare(data) : undefined,
        writeText: navigator.clipboard ? (text) => navigator.clipboard.writeText(text) : undefined,
      },
    );
    setBusy(false);
    if (outcome === 'copied') toast(t('sharing.copied'), 'success');
    else if (outcome === 'failed') toast(t('sharing.copyFailed'), 'error');
  }

  return (
    <button
      type="button"
      className="button button--ghost vw-share"
      onClick={() => void share()}
      disabled={busy}
    >
      <ShareIcon />
      {t('sharing.share')}
    </button>
  );
}
