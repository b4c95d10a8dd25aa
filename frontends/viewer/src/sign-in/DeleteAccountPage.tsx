import { SignInMessages } from '@chitram/contracts/src/identity';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useHost } from '../app/host';
import { useDocumentTitle } from '../app/use-document-title';
import { ConfirmDialog } from './ConfirmDialog';
import '../styles/sign-in.css';

/** SPEC §8: the question asked before an account is deleted. */
export const DELETE_ACCOUNT_CONFIRM =
  'Are you sure you want to delete your account? This action is irreversible.';

/** SPEC §8: what a failed deletion says when the server gave no message, or could not be reached. */
const DELETE_FAILED = 'Failed to delete account';
const DELETE_UNREACHABLE = 'Something went wrong while deleting your account.';

/**
 * /delete-user (SPEC §2.10, §4.7, §8; DECISIONS D25): a warning and Delete My Account; after the
 * confirmation the account is deleted, the session forgotten and the viewer sent to /login.
 */
export function DeleteAccountPage() {
  useDocumentTitle('Delete your account');
  const { api, toast, problemOf, useSession, getSession } = useHost();
  const phoneNumber = useSession((s) => s.user?.phoneNumber ?? '');
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);

  async function deleteAccount() {
    setDeleting(true);
    try {
      await api.delete('admin/delete-user', { context: { session: 'user' } });
      setConfirming(false);
      // The server has already ended every session of the account; only this device's copy remains.
      getSession().clearSession('user');
      toast(SignInMessages.accountDeleted, 'success');
      void navigate('/login', { replace: true });
    } catch (error) {
      const problem = problemOf(error, DELETE_FAILED);
      toast(problem.code === 'NETWORK' ? DELETE_UNREACHABLE : problem.message, 'error');
      setDeleting(false);
      setConfirming(false);
    }
  }

  return (
    <section className="vw-delete" aria-labelledby="vw-delete-title">
      <div className="vw-delete__card">
        <div className="vw-delete__icon" aria-hidden="true">
          !
        </div>
        <h1 id="vw-delete-title" className="vw-delete__title">
          Delete your account
        </h1>
        {phoneNumber && (
          <p className="vw-delete__account">
            Signed in as <strong>{phoneNumber}</strong>
          </p>
        )}
        <div className="vw-delete__warning" role="note">
          <p>
            <strong>Warning:</strong> deleting your account cannot be undone.
          </p>
          <ul>
            <li>Your profile, watch history and progress are deleted.</li>
            <li>You are signed out on every device at once.</li>
            <li>
              Any plan you hold ends with the account and is not refunded. Payment records are kept, without
              your name or number, as tax law requires.
            </li>
            <li>You can sign up again with the same number later, as a new account.</li>
          </ul>
        </div>
        <div className="vw-delete__actions">
          <button type="button" className="button vw-button--danger" onClick={() => setConfirming(true)}>
            Delete My Account
          </button>
          <Link className="button button--ghost" to="/">
            Keep my account
          </Link>
        </div>
      </div>
      <ConfirmDialog
        open={confirming}
        title="Delete your account?"
        message={DELETE_ACCOUNT_CONFIRM}
        confirmLabel={deleting ? 'Deleting…' : 'Yes, delete it'}
        busy={deleting}
        onConfirm={() => void deleteAccount()}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
