import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useApi, useFailureMessage } from '../app/api';
import { useHost } from '../app/host';
import { useViewerTranslation } from '../i18n/use-viewer-translation';
import { addToMyList, removeFromMyList, useMyList } from './my-list-api';
import '../styles/my-list.css';

function ListIcon({ added }: { added: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d={added ? 'M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4z' : 'M19 13h-6v6h-2v-6H5v-2h6V5h2v6h6z'}
      />
    </svg>
  );
}

/**
 * Add a film or an episode to My List, or take it off (issue 22): one toggle whose name stays "My List"
 * and whose state aria-pressed tells; a visitor is sent to log in first.
 */
export function MyListButton({ titleId, title }: { titleId: string; title: string }) {
  const { t } = useViewerTranslation();
  const api = useApi();
  const { toast } = useHost();
  const failure = useFailureMessage();
  const navigate = useNavigate();
  const location = useLocation();
  const list = useMyList();
  const [added, setAdded] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (list.data) setAdded(list.data.some((entry) => entry.titleId === titleId));
  }, [list.data, titleId]);

  async function toggle() {
    if (!list.signedIn) {
      toast(t('myList.signIn'), 'error');
      void navigate('/login', { state: { returnTo: `${location.pathname}${location.search}` } });
      return;
    }
    const adding = !added;
    setBusy(true);
    try {
      await (adding ? addToMyList(api, titleId) : removeFromMyList(api, titleId));
      setAdded(adding);
      toast(t(adding ? 'myList.added' : 'myList.removed'), 'success');
    } catch (error) {
      toast(failure(error, t('myList.failed')), 'error');
    } finally {
      setBusy(false);
    }
  }

  const pressed = Boolean(added);
  return (
    <button
      type="button"
      className={`button button--ghost vw-my-list${pressed ? ' vw-my-list--added' : ''}`}
      aria-pressed={pressed}
      title={`${t(pressed ? 'myList.remove' : 'myList.add')}: ${title}`}
      onClick={() => void toggle()}
      disabled={busy || (list.signedIn && added === null && !list.error)}
      data-testid="my-list-button"
    >
      <ListIcon added={pressed} />
      {t('myList.button')}
    </button>
  );
}
