import type { AdminArea } from '@chitram/contracts/web';
import { Outlet } from 'react-router';
import { useMayUse } from '../app/admin-role';
import { useDocumentTitle } from '../app/use-document-title';

function NoAccess() {
  useDocumentTitle('No access');
  return (
    <section className="ad-page">
      <header className="ad-page__header">
        <h1 className="ad-page__title">No access</h1>
      </header>
      <div className="ad-placeholder">
        <p className="ad-placeholder__text">Your admin role does not give access to this page.</p>
      </div>
    </section>
  );
}

/** The screens of one area of the back office, for the roles that may use it (issue 20); others are told so. */
export function AreaGate({ area }: { area: AdminArea }) {
  return useMayUse(area) ? <Outlet /> : <NoAccess />;
}
