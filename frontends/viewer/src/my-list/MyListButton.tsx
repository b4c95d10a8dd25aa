import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useApi, useFailureMessage } from '../app/api';
import { useHost } from '../app/host';
import { useViewerTranslation } from '../i18n/use-viewer-translation';
import { changeMyList, useMyList } from './my-list-api';
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
 * Add a film or an episode to My List, or take it off (issue 22): one toggle whose state aria-pressed
 * tells. On a title page and in the player it reads "My List"; on a card (`card`) it is a round icon
 * beside the card's link, named "My List: <title>", and shown to signed-in viewers only (a visitor's
 * cards stay plain; the title page's toggle sends a visitor to log in first).
 */
export function MyListButton(props: {
  titleId: string;
  title: string;
  variant?: 'page' | 'card' | 'player';
}) {
  const signedIn = useHost().useSession((s) => Boolean(s.user?.token));
  // A visitor's card has no toggle: it then costs one store read, not the toggle's seven hooks
  // (a home page shows over a hundred cards; issue 19).
  if (props.variant === 'card' && !signedIn) return null;
  return <MyListToggle {...props} />;
}

function MyListToggle({
  titleId,
  title,
  variant = 'page',
}: {
  titleId: string;
  title: string;
  variant?: 'page' | 'card' | 'player';
}) {
  const { t } = useViewerTranslation();
  const api = useApi();
  const { toast } = useHost();
  const failure = useFailureMessage();
  const navigate = useNavigate();
  const location = useLocation();
  const list = useMyList();
  const [busy, setBusy] = useState(false);
  const added = list.data ? list.data.some((entry) => entry.titleId === titleId) : null;

  async function toggle() {
    if (!list.token) {
      toast(t('myList.signIn'), 'error');
      void navigate('/login', { state: { returnTo: `${location.pathname}${location.search}` } });
      return;
    }
    const adding = !added;
    setBusy(true);
    try {
      await changeMyList(api, list.token, titleId, adding);
      toast(t(adding ? 'myList.added' : 'myList.removed'), 'success');
    } catch (error) {
      toast(failure(error, t('myList.failed')), 'error');
    } finally {
      setBusy(false);
    }
  }

  const pressed = Boolean(added);
  const card = variant === 'card';
  return (
    <button
      type="button"
      className={[
        card
          ? 'vw-my-list-card'
          : `button button--ghost vw-my-list${variant === 'player' ? ' button--small' : ''}`,
        pressed ? (card ? 'vw-my-list-card--added' : 'vw-my-list--added') : '',
      ].join(' ')}
      aria-pressed={pressed}
      aria-label={card ? t('myList.cardLabel', { title }) : undefined}
      title={`${t(pressed ? 'myList.remove' : 'myList.add')}: ${title}`}
      onClick={() => void toggle()}
      disabled={busy || (list.signedIn && added === null && !list.error)}
      data-testid={card ? 'my-list-card-button' : 'my-list-button'}
    >
      <ListIcon added={pressed} />
      {!card && t('myList.button')}
    </button>
  );
}
