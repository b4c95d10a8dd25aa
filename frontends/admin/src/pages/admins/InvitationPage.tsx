import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { useApi } from '../../app/api';
import { useDocumentTitle } from '../../app/use-document-title';

/** The invitation's secret, from the link's fragment (never sent to a server in a Referer or a log). */
const tokenFromLink = () => window.location.hash.replace(/^#/, '');

/**
 * /admin/invitation#<secret> (issue 20): an invited admin chooses their password. The link works once,
 * until it expires; then they sign in at /admin (enrolling a second factor where it is required).
 */
export function InvitationPage() {
  useDocumentTitle('Accept invitation');
  const { api, problemOf } = useApi();
  const [token] = useState(tokenFromLink);
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const passwordId = useId();
  const repeatId = useId();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (password !== repeat) return setError('The two passwords are not the same.');
    setBusy(true);
    try {
      await api.post('admin/invitation', { json: { token, password }, context: { anonymous: true } }).json();
      setDone(true);
    } catch (failure) {
      setError(problemOf(failure).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="ad-login">
      <div className="ad-login__card">
        <h1 className="ad-login__title">Join Chitram Admin</h1>
        {done ? (
          <p role="status">
            Your password is set. <Link to="/admin">Sign in</Link>
          </p>
        ) : (
          <form className="ad-form" onSubmit={submit}>
            <div className="ad-field">
              <label className="ad-field__label" htmlFor={passwordId}>
                Choose a password (at least 12 characters)
              </label>
              <input
                id={passwordId}
                className="ad-field__input"
                type="password"
                autoComplete="new-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            </div>
            <div className="ad-field">
              <label className="ad-field__label" htmlFor={repeatId}>
                The same password again
              </label>
              <input
                id={repeatId}
                className="ad-field__input"
                type="password"
                autoComplete="new-password"
                value={repeat}
                onChange={(e) => setRepeat(e.target.value)}
              />
            </div>
            {error && (
              <p className="ad-field__error" role="alert">
                {error}
              </p>
            )}
            <button type="submit" className="button button--primary button--block" disabled={busy}>
              {busy ? 'Saving…' : 'Set password'}
            </button>
          </form>
        )}
      </div>
    </div>
  );
}
