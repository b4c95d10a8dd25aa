import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { planNamed } from '@chitram/contracts/web';
import { Link, useNavigate } from 'react-router';
import { intlLocaleOf } from '../i18n/languages';
import { useSession } from '../session/session-store';
import { syncViewerProfile } from '../session/sync-viewer';
import { UserIcon } from '../ui/icons';
import { formatExpiry, type ProfileSummary } from './header-rules';
import { usePopover } from './use-popover';

/**
 * A viewer's panel: the number, the plan and its expiry, the profile and account links (SPEC §2.4),
 * the profile in use and the way to another (D37). A kids profile's panel has its list, the switch and
 * the logout only: no account, payment or profile management.
 */
function ViewerFacts({ profile }: { profile: Extract<ProfileSummary, { kind: 'viewer' }> }) {
  const { t, i18n } = useTranslation();
  // SPEC §3's name as the session carries it, in the interface language when it names a plan.
  const plan = planNamed(profile.planName);
  const profiles = (
    <>
      {profile.profileName && (
        <p className="profile-panel__watching">{t('profile.watching', { name: profile.profileName })}</p>
      )}
      <Link className="profile-panel__link" to="/profiles">
        {t('profile.switchProfile')}
      </Link>
    </>
  );
  if (profile.isKids)
    return (
      <>
        {profiles}
        <Link className="profile-panel__link" to="/my-list">
          {t('profile.myList')}
        </Link>
      </>
    );
  return (
    <>
      {profiles}
      <p className="profile-panel__identity">{profile.phoneNumber}</p>
      <dl className="profile-panel__facts">
        <div>
          <dt>{t('profile.plan')}</dt>
          <dd>
            {plan ? t(`plans.${plan.planKey}`) : (profile.planName ?? t('profile.free'))}
            {profile.showUpgrade && (
              <Link className="profile-panel__upgrade" to="/subscribe">
                {t('profile.upgrade')}
              </Link>
            )}
          </dd>
        </div>
        <div>
          <dt>{t('profile.expiry')}</dt>
          <dd>{formatExpiry(profile.validTill, intlLocaleOf(i18n.language)) ?? t('profile.notAvailable')}</dd>
        </div>
      </dl>
      <Link className="profile-panel__link" to="/my-list">
        {t('profile.myList')}
      </Link>
      <Link className="profile-panel__link" to="/history">
        {t('profile.history')}
      </Link>
      <Link className="profile-panel__link" to="/profile">
        {t('profile.yourProfile')}
      </Link>
      <Link className="profile-panel__link" to="/profiles/manage">
        {t('profile.manageProfiles')}
      </Link>
      <Link className="profile-panel__link profile-panel__link--danger" to="/delete-user">
        {t('profile.deleteAccount')}
      </Link>
    </>
  );
}

/** An admin's panel: the account and its role; plans are a viewer's business (issue 11). */
function AdminFacts({ email }: { email: string }) {
  const { t } = useTranslation();
  return (
    <dl className="profile-panel__facts">
      <div>
        <dt>{t('profile.email')}</dt>
        <dd className="profile-panel__email">{email}</dd>
      </div>
      <div>
        <dt>{t('profile.role')}</dt>
        <dd>{t('profile.administrator')}</dd>
      </div>
    </dl>
  );
}

/** SPEC §2.4: the profile button and its panel for a signed-in viewer or admin. */
export function ProfileMenu({ profile }: { profile: ProfileSummary }) {
  const { t } = useTranslation();
  const { open, toggle, close, root, button } = usePopover();
  const logout = useSession((s) => s.logout);
  const navigate = useNavigate();

  // The panel shows the viewer's plan as the server knows it now, not only as it was at sign-in.
  useEffect(() => {
    if (open && profile.kind === 'viewer') void syncViewerProfile();
  }, [open, profile.kind]);

  function signOut() {
    close();
    logout();
    void navigate('/');
  }

  return (
    <div className="profile-menu" ref={root}>
      <button
        ref={button}
        type="button"
        className="icon-button profile-menu__button"
        aria-label={t('profile.button')}
        aria-expanded={open}
        aria-controls="profile-panel"
        onClick={toggle}
      >
        <UserIcon />
      </button>
      {open && (
        <div className="profile-panel" id="profile-panel">
          {profile.kind === 'admin' ? (
            <AdminFacts email={profile.email} />
          ) : (
            <ViewerFacts profile={profile} />
          )}
          <button type="button" className="button button--ghost button--block" onClick={signOut}>
            {t('profile.logout')}
          </button>
        </div>
      )}
    </div>
  );
}
