import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../session/session-store';
import { headerActions } from './header-rules';
import { ProfileMenu } from './ProfileMenu';

/** The right side of the header (SPEC §2.4); `compact` is the variant inside the mobile menu. */
export function HeaderActions({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const admin = useSession((s) => s.admin);
  const actions = headerActions({ user, admin });

  return (
    <div className={compact ? 'header-actions header-actions--stacked' : 'header-actions'}>
      {actions.dashboard && (
        <Link className="button button--primary button--small" to="/admin/dashboard">
          {t('actions.dashboard')}
        </Link>
      )}
      {actions.subscribe && (
        <Link className="button button--primary button--small header-actions__subscribe" to="/subscribe">
          {t('actions.subscribe')}
        </Link>
      )}
      {actions.login && (
        <Link className="button button--ghost button--small" to="/login">
          {t('actions.login')}
        </Link>
      )}
      {actions.profile && !compact && <ProfileMenu profile={actions.profile} />}
    </div>
  );
}
