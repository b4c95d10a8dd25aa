import type { AdminSecondFactorStep, TotpEnrolment } from '@chitram/contracts/web';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { CodeForm, EnrolAuthenticator, RecoveryCodesShown } from '../admins/SecondFactorParts';
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

/** The second step of a sign-in (issue 20): the authenticator's code, enrolling one, or the recovery codes to keep. */
type SecondStep =
  | (AdminSecondFactorStep & { enrolment?: TotpEnrolment; recovery?: boolean })
  | { secondFactor: 'codes'; codes: string[]; session: NonNullable<ReturnType<typeof adminSessionFrom>> };

function isSecondStep(answer: unknown): answer is AdminSecondFactorStep {
  return typeof answer === 'object' && answer !== null && 'challenge' in answer && 'secondFactor' in answer;
}

/**
 * /admin (SPEC §2.12, §4.2): e-mail and password, then, for an admin with a second factor (or who must
 * enrol one, issue 20), the authenticator's code or a recovery code. Success stores the admin session and
 * opens the dashboard; a failure shows the server's message (the spec only logged it).
 */
export function AdminLogin() {
  useDocumentTitle('Admin login');
  const { api, toast, problemOf, getSession } = useHost();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [signingIn, setSigningIn] = useState(false);
  const [step, setStep] = useState<SecondStep | null>(null);

  function signedIn(answer: unknown) {
    const session = adminSessionFrom(answer);
    if (!session) throw new Error('The login answer carried no admin session.');
    const codes = (answer as { recoveryCodes?: string[] }).recoveryCodes;
    if (codes?.length) return setStep({ secondFactor: 'codes', codes, session });
    getSession().signInAdmin(session);
    void navigate('/admin/dashboard', { replace: true });
  }

  async function attempt(run: () => Promise<void>) {
    if (signingIn) return;
    setSigningIn(true);
    try {
      await run();
    } catch (failure) {
      toast(problemOf(failure, LOGIN_FAILED).message, 'error');
    } finally {
      setSigningIn(false);
    }
  }

  const post = (path: string, json: object) =>
    api.post(`admin/admin-login${path}`, { json, context: { anonymous: true } }).json<unknown>();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void attempt(async () => {
      const answer = await post('', { email: email.trim(), password });
      if (!isSecondStep(answer)) return signedIn(answer);
      const enrolment =
        answer.secondFactor === 'enrol'
          ? ((await post('/enrol', { challenge: answer.challenge })) as TotpEnrolment)
          : undefined;
      setStep({ ...answer, enrolment });
    });
  }

  function sendCode(code: string) {
    if (!step || step.secondFactor === 'codes') return;
    const proof = step.recovery ? { recoveryCode: code } : { code };
    void attempt(async () => signedIn(await post('/second-factor', { challenge: step.challenge, ...proof })));
  }

  if (step)
    return (
      <div className="ad-login">
        <div className="ad-login__card">
          <h1 className="ad-login__title">
            {step.secondFactor === 'codes'
              ? 'Your recovery codes'
              : step.secondFactor === 'enrol'
                ? 'Add an authenticator app'
                : 'Enter your code'}
          </h1>
          {step.secondFactor === 'codes' ? (
            <RecoveryCodesShown
              codes={step.codes}
              onDone={() => {
                getSession().signInAdmin(step.session);
                void navigate('/admin/dashboard', { replace: true });
              }}
            />
          ) : step.enrolment ? (
            <EnrolAuthenticator enrolment={step.enrolment} busy={signingIn} onCode={sendCode} />
          ) : (
            <>
              <CodeForm
                key={step.recovery ? 'recovery' : 'code'}
                label={step.recovery ? 'A recovery code' : 'The 6-digit code of your authenticator app'}
                submitLabel="Sign in"
                pattern={step.recovery ? '[A-Za-z0-9-]{10,20}' : '[0-9]{6}'}
                busy={signingIn}
                onCode={sendCode}
              />
              <button
                type="button"
                className="button button--ghost button--small"
                onClick={() => setStep({ ...step, recovery: !step.recovery })}
              >
                {step.recovery ? 'Use the authenticator app' : 'Use a recovery code'}
              </button>
            </>
          )}
        </div>
      </div>
    );

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
