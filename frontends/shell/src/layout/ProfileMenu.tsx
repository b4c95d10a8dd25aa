import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useSession } from '../session/session-store';
import { syncViewerProfile } from '../session/sync-viewer';
import { UserIcon } from '../ui/icons';
import type { ProfileSummary } from './header-rules';

/** SPEC §2.4: the profile button and its panel for a signed-in viewer or admin. */
export function ProfileMenu({ profile }: { profile: ProfileSummary }) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const logout = useSession((s) => s.logout);
  const isAdmin = useSession((s) => Boolean(s.admin));
  const navigate = useNavigate();
  const { pathname } = useLocation();

  useEffect(() => setOpen(false), [pathname]);

  // The panel shows the viewer's plan as the server knows it now, not only as it was at sign-in.
  useEffect(() => {
    if (open && !isAdmin) void syncViewerProfile();
  }, [open, isAdmin]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  function signOut() {
    setOpen(false);
    logout();
    void navigate('/');
  }

  return (
    <div className="profile-menu" ref={rootRef}>
      <button
        type="button"
        className="icon-button profile-menu__button"
        aria-label="Profile"
        aria-expanded={open}
        aria-controls="profile-panel"
        onClick={() => setOpen((v) => !v)}
      >
        <UserIcon />
      </button>
      {open && (
        <div className="profile-panel" id="profile-panel">
          <p className="profile-panel__identity">{profile.identity}</p>
          <dl className="profile-panel__facts">
            <div>
              <dt>Plan</dt>
              <dd>
                {profile.planName}
                {profile.showUpgrade && (
                  <Link className="profile-panel__upgrade" to="/subscribe">
                    Upgrade
                  </Link>
                )}
              </dd>
            </div>
            <div>
              <dt>Expiry</dt>
              <dd>{profile.expiry}</dd>
            </div>
          </dl>
          <Link className="profile-panel__link" to="/delete-user">
            Delete account
          </Link>
          <button type="button" className="button button--ghost button--block" onClick={signOut}>
            Logout
          </button>
        </div>
      )}
    </div>
  );
}
