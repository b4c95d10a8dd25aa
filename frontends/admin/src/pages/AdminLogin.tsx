import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useDocumentTitle } from '../app/use-document-title';
import { useHost } from '../app/host';

/** Said when an admin login fails without a message from the server (offline, no answer). */
const LOGIN_FAILED = 'Could not sign in. Please try again.';

/** The `POST /api/admin/admin-login` answer as a stored admin session (DECISIONS D2, D29), or null. */
function adminSessionFrom(answer: unknown) {
  if (typeof answer !== 'object' || answer === null) return null;
  const a = answer as Record<string, unknown>;
  if (typeof a.token !== 'string' || a.role !== 'admin') return null;
  return {
    token: a.token,
    role: 'admin' as const,
    email: typeof a.email === 'string' ? a.email : '',
    refreshToken: typeof a.refreshToken === 'string' ? a.refreshToken : undefined,
  };
}

/**
 * /admin (SPEC §2.12, §4.2): e-mail and password. Success stores the admin session and opens the
 * dashboard; a failure shows the server's message (the spec only logged it).
 */
export function AdminLogin() {
  useDocumentTitle('Admin login');
  const { api, toast, problemOf, getSession } = useHost();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [signingIn, setSigningIn] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (signingIn) return;
    setSigningIn(true);
    try {
      const answer: unknown = await api
        .post('admin/admin-login', { json: { email: email.trim(), password }, context: { anonymous: true } })
        .json();
      const session = adminSessionFrom(answer);
      if (!session) throw new Error('The login answer carried no admin session.');
      getSession().signInAdmin(session);
      void navigate('/admin/dashboard', { replace: true });
    } catch (failure) {
      toast(problemOf(failure, LOGIN_FAILED).message, 'error');
      setSigningIn(false);
    }
  }

  return (
    <div className="ad-login">
      <div className="ad-login__card">
        <div className="ad-login__brand">
          <span className="ad-logo" aria-hidden="true">
            C
          </span>
          <span>
            Chitram <strong>Admin</strong>
          </span>
        </div>
        <h1 className="ad-login__title">Enter Admin Login Details</h1>
        <form className="ad-form" onSubmit={submit}>
          <label className="ad-field">
            <span className="ad-field__label">Email</span>
            <input
              className="ad-field__input"
              type="email"
              name="email"
              autoComplete="username"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              placeholder="admin@chitram.in"
            />
          </label>
          <label className="ad-field">
            <span className="ad-field__label">Password</span>
            <input
              className="ad-field__input"
              type="password"
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              placeholder="Your password"
            />
          </label>
          <button
            type="submit"
            className="button button--primary button--block ad-login__submit"
            disabled={signingIn}
          >
            {signingIn ? 'Signing in…' : 'Login'}
          </button>
        </form>
        <Link className="ad-login__home" to="/">
          <span aria-hidden="true">← </span>
          Home
        </Link>
      </div>
    </div>
  );
}
