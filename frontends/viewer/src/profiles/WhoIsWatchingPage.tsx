import type { Profile } from '@chitram/contracts/web';
import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { useFailureMessage } from '../app/api';
import { useHost } from '../app/host';
import { useDocumentTitle } from '../app/use-document-title';
import { useLoader } from '../app/use-loader';
import { ErrorLine, LoadingLine } from '../components/LoadStatus';
import { useViewerTranslation } from '../i18n/use-viewer-translation';
import { ProfileAvatar } from './avatars';
import { chooseProfile, fetchProfiles, isKidsSession } from './profiles-api';
import '../styles/profiles.css';

/**
 * `/profiles` (issue 22, D37): "Who's watching?", shown after sign-in when the account has several
 * profiles and from the header's panel; choosing one gives the session that profile's tokens.
 */
export function WhoIsWatchingPage() {
  const { t } = useViewerTranslation();
  useDocumentTitle(t('profiles.whoTitle'));
  const host = useHost();
  const failure = useFailureMessage();
  const navigate = useNavigate();
  const returnTo = (useLocation().state as { returnTo?: string } | null)?.returnTo ?? '/';
  const current = host.useSession((s) => s.user?.profile);
  const signedIn = host.useSession((s) => Boolean(s.user?.token));
  const profiles = useLoader(signedIn ? (signal) => fetchProfiles(host.api, signal) : null, [
    host.api,
    signedIn,
  ]);
  const [choosing, setChoosing] = useState<string | null>(null);
  // A locked profile asks its 4 digits first.
  const [unlocking, setUnlocking] = useState<Profile | null>(null);
  const [lock, setLock] = useState('');
  if (!signedIn) return <Navigate to="/login" replace state={{ returnTo: '/profiles' }} />;

  async function choose(profile: Profile, digits?: string) {
    if (profile.hasLock && digits === undefined) {
      setUnlocking(profile);
      setLock('');
      return;
    }
    setChoosing(profile._id);
    try {
      await chooseProfile(host, profile, digits);
      void navigate(returnTo, { replace: true });
    } catch (error) {
      host.toast(failure(error), 'error');
      setChoosing(null);
    }
  }

  return (
    <section className="vw-page vw-profiles" aria-labelledby="vw-profiles-title">
      <h1 id="vw-profiles-title" className="vw-profiles__title">
        {t('profiles.whoTitle')}
      </h1>
      {profiles.status === 'loading' && !profiles.data && <LoadingLine />}
      {profiles.error && <ErrorLine message={t('common.somethingWrong')} onRetry={profiles.reload} />}
      {profiles.data && (
        <ul className="vw-profiles__grid">
          {profiles.data.map((profile) => (
            <li key={profile._id}>
              <button
                type="button"
                className="vw-profiles__choice"
                aria-current={(current?._id ?? null) === profile._id ? 'true' : undefined}
                disabled={choosing !== null}
                onClick={() => void choose(profile)}
              >
                <ProfileAvatar avatar={profile.avatar} size={96} />
                <span className="vw-profiles__name">{profile.name}</span>
                {profile.maturity !== 'adult' && (
                  <span className="vw-profiles__badge">{t('profiles.kidsBadge')}</span>
                )}
                {profile.hasLock && <span className="vw-profiles__badge">{t('profiles.locked')}</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
      {unlocking && (
        <form
          className="vw-profile-form vw-profiles__unlock"
          onSubmit={(event) => {
            event.preventDefault();
            void choose(unlocking, lock);
          }}
        >
          <label htmlFor="vw-profile-lock">{t('profiles.enterLock', { name: unlocking.name })}</label>
          <input
            id="vw-profile-lock"
            className="input"
            type="password"
            inputMode="numeric"
            autoComplete="off"
            pattern="[0-9]{4}"
            maxLength={4}
            required
            autoFocus
            value={lock}
            onChange={(event) => setLock(event.target.value.replace(/\D/g, '').slice(0, 4))}
          />
          <div className="vw-profile-form__actions">
            <button type="submit" className="button button--primary" disabled={choosing !== null}>
              {t('profiles.unlock')}
            </button>
            <button type="button" className="button button--ghost" onClick={() => setUnlocking(null)}>
              {t('profiles.cancel')}
            </button>
          </div>
        </form>
      )}
      {!isKidsSession(current) && (
        <Link className="button button--ghost" to="/profiles/manage">
          {t('profiles.manage')}
        </Link>
      )}
    </section>
  );
}
