import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../app/use-document-title';
import { useHost } from '../app/host';

/** SPEC §2.12. Signing in is wired by the sign-in issue; until then the form says so. */
export function AdminLogin() {
  useDocumentTitle('Admin login');
  const { toast } = useHost();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    toast('Admin sign-in arrives soon', 'info');
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
          <button type="submit" className="button button--primary button--block ad-login__submit">
            Login
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
