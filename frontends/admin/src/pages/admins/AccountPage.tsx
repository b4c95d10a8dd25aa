import { ADMIN_ROLE_NAMES, type RecoveryCodes, type TotpEnrolment } from '@chitram/contracts/web';
import { useState } from 'react';
import { EnrolAuthenticator, RecoveryCodesShown } from '../../admins/SecondFactorParts';
import { useApi } from '../../app/api';
import { useAdminRole } from '../../app/admin-role';
import { useHost } from '../../app/host';
import { useDocumentTitle } from '../../app/use-document-title';

const SECOND_FACTOR = 'admin/me/second-factor';

/**
 * /admin/account: the admin's role, and adding an authenticator app (issue 20) where a second factor is
 * optional (development); where it is required, every admin enrolled one at their first sign-in. A lost
 * one is reset by the owner.
 */
export function AccountPage() {
  useDocumentTitle('My account');
  const { api, problemOf } = useApi();
  const { toast, useSession } = useHost();
  const email = useSession((s) => s.admin?.email ?? '');
  const role = useAdminRole();
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);

  async function call<T>(run: () => Promise<T>, then: (answer: T) => void) {
    setBusy(true);
    try {
      then(await run());
    } catch (failure) {
      toast(problemOf(failure).message, 'error');
    } finally {
      setBusy(false);
    }
  }

  const start = () => call(() => api.post(SECOND_FACTOR).json<TotpEnrolment>(), setEnrolment);
  const confirm = (code: string) =>
    call(
      () => api.post(`${SECOND_FACTOR}/confirm`, { json: { code } }).json<RecoveryCodes>(),
      (answer) => {
        setEnrolment(null);
        setCodes(answer.recoveryCodes);
        toast('Second factor is on.', 'success');
      },
    );

  return (
    <section className="ad-page">
      <header className="ad-page__header">
        <h1 className="ad-page__title">My account</h1>
        <p className="ad-page__subtitle">
          {email}
          {role && ` · ${ADMIN_ROLE_NAMES[role]}`}
        </p>
      </header>
      <h2 className="ad-section__title">Second factor</h2>
      {codes ? (
        <RecoveryCodesShown codes={codes} onDone={() => setCodes(null)} />
      ) : enrolment ? (
        <EnrolAuthenticator enrolment={enrolment} busy={busy} onCode={(code) => void confirm(code)} />
      ) : (
        <>
          <p>Sign in with a code from an authenticator app as well as your password.</p>
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            onClick={() => void start()}
          >
            Add an authenticator app
          </button>
        </>
      )}
    </section>
  );
}
