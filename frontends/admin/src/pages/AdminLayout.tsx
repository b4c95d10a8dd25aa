import { Suspense } from 'react';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { adminMayUse } from '@chitram/contracts/web';
import { ADMIN_MENU } from '../app/admin-menu';
import { useAdminRole } from '../app/admin-role';
import { useHost } from '../app/host';

/**
 * The back office frame: the SPEC §2.2 side menu (the items the admin's role may use, issue 20) and the
 * page beside it. The page sits inside the
 * shell's one `main` landmark, so this frame is a plain container; the admin speaks English whatever
 * the viewer's interface language is.
 */
export function AdminLayout() {
  const { useSession } = useHost();
  const email = useSession((s) => s.admin?.email ?? '');
  const logout = useSession((s) => s.logout);
  const navigate = useNavigate();
  const role = useAdminRole();

  function signOut() {
    logout();
    void navigate('/admin');
  }

  return (
    <div className="ad-shell" lang="en">
      {/* Inside the shell's one `main`: a plain block, not a landmark of its own; its menu is the nav. */}
      <div className="ad-sidebar">
        <NavLink to="/admin/dashboard" className="ad-sidebar__brand">
          <span className="ad-logo" aria-hidden="true">
            C
          </span>
          <span>
            Chitram <strong>Admin</strong>
          </span>
        </NavLink>
        <nav className="ad-menu" aria-label="Admin">
          {ADMIN_MENU.filter((item) => adminMayUse(role, item.area)).map((item) => (
            <NavLink key={item.to} to={`/admin/${item.to}`} className="ad-menu__link">
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="ad-sidebar__footer">
          {email && <p className="ad-sidebar__email">{email}</p>}
          <button type="button" className="button button--ghost button--small" onClick={signOut}>
            Log out
          </button>
        </div>
      </div>
      <div className="ad-content">
        <Suspense
          fallback={
            <p className="ad-table-note" role="status">
              Loading...
            </p>
          }
        >
          <Outlet />
        </Suspense>
      </div>
    </div>
  );
}
