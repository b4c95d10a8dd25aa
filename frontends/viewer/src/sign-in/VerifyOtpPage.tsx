import type { UserSession } from '@chitram/shell-contract';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { Trans } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { useHost } from '../app/host';
import { usePreload } from '../app/lazy-page';
import { fetchProfiles } from '../profiles/profiles-api';
import { LoginPage } from '../app/pages';
import { useDocumentTitle } from '../app/use-document-title';
import { useViewerTranslation } from '../i18n/use-viewer-translation';
import { sendButtonLabel } from './send-button-label';
import { SignInCard } from './SignInCard';
import {
  formatPhoneNumber,
  OTP_LENGTH,
  otpDigitsFrom,
  sendButton,
  signInFlowFrom,
  type SignInFlow,
  verifyFailure,
} from './sign-in-rules';
import { useSecondsUntil } from './use-countdown';
import { useSendOtp } from './use-send-otp';

/** The `POST /api/user/verify-otp` answer as a stored session (DECISIONS D2, D29), or null if it is not one. */
function sessionFrom(answer: unknown): UserSession | null {
  if (typeof answer !== 'object' || answer === null) return null;
  const a = answer as Record<string, unknown>;
  if (typeof a.token !== 'string' || typeof a.phoneNumber !== 'string') return null;
  return {
    token: a.token,
    refreshToken: typeof a.refreshToken === 'string' ? a.refreshToken : undefined,
    _id: typeof a._id === 'string' ? a._id : undefined,
    phoneNumber: a.phoneNumber,
    isSubscribed: a.isSubscribed === true,
    activeSubscription: (a.activeSubscription as UserSession['activeSubscription']) ?? null,
  };
}

/**
 * /verify-otp, the code step of the login flow (SPEC §4.3; DECISIONS D9): six digits verify by
 * themselves; on success the session is stored and the viewer lands on /. Without a number to verify
 * (a refresh without state, a bookmark) it goes back to /login.
 */
export function VerifyOtpPage() {
  const flow = signInFlowFrom(useLocation().state);
  if (!flow.phoneNumber) return <Navigate to="/login" replace />;
  return <CodeStep phoneNumber={flow.phoneNumber} initialResendAt={flow.resendAt} returnTo={flow.returnTo} />;
}

function CodeStep({
  phoneNumber,
  initialResendAt,
  returnTo,
}: {
  phoneNumber: string;
  initialResendAt: number | null;
  returnTo: string | null;
}) {
  const { t } = useViewerTranslation();
  useDocumentTitle(t('signIn.codeDocumentTitle'));
  const { api, toast, problemOf, problemMessage, getSession } = useHost();
  usePreload(LoginPage);
  const navigate = useNavigate();
  const [otp, setOtp] = useState('');
  const [verifying, setVerifying] = useState(false);
  const [resendAt, setResendAt] = useState(initialResendAt);
  const secondsLeft = useSecondsUntil(resendAt);
  const { send, sending } = useSendOtp();
  const resend = sendButton({ digits: phoneNumber, sending, secondsLeft });
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => input.current?.focus(), []);

  async function verify(code: string) {
    setVerifying(true);
    try {
      const answer: unknown = await api
        .post('user/verify-otp', { json: { phoneNumber, otp: code }, context: { anonymous: true } })
        .json();
      const session = sessionFrom(answer);
      if (!session) throw new Error('The sign-in answer carried no session.');
      // SPEC §4.3 goes home; a visitor sent here by a page that needs sign-in goes back to it. An
      // account with several profiles is first asked who is watching (D37). The profiles are read
      // before the session is stored: once it is, the login's guard sends the viewer on, and a move
      // made after that could take them back from wherever they had gone meanwhile (a viewer who
      // pressed Pay at once was sent back to the plans from the checkout).
      const profiles = await fetchProfiles(api, undefined, session.token).catch(() => []);
      getSession().signInUser(session);
      if (profiles.length > 1)
        void navigate('/profiles', { replace: true, state: { returnTo: returnTo ?? '/' } });
      else void navigate(returnTo ?? '/', { replace: true });
    } catch (error) {
      const problem = problemOf(error, t('signIn.otpInvalid'));
      toast(
        verifyFailure(problem.code) === 'fromCode' ? problemMessage(problem) : t('signIn.otpInvalid'),
        'error',
      );
      setOtp('');
      setVerifying(false);
      // After the state settles, so the cleared field takes the focus back.
      setTimeout(() => input.current?.focus(), 0);
    }
  }

  function change(event: ChangeEvent<HTMLInputElement>) {
    const code = otpDigitsFrom(event.target.value);
    setOtp(code);
    // SPEC §4.3: the code is verified as soon as the sixth digit is in.
    if (code.length === OTP_LENGTH && !verifying) void verify(code);
  }

  async function sendAgain() {
    if (resend.disabled) return;
    const next = await send(phoneNumber);
    setResendAt(next);
    // Kept in the history entry, so a refresh of this page still knows the number and the wait.
    const flow: SignInFlow = { phoneNumber, resendAt: next, returnTo };
    void navigate('/verify-otp', { replace: true, state: flow });
  }

  const backToPhone: SignInFlow = { phoneNumber, resendAt, returnTo };

  return (
    <SignInCard>
      <p className="vw-signin__lead">
        <Trans
          t={t}
          i18nKey="signIn.codeSentTo"
          values={{ phone: formatPhoneNumber(phoneNumber) }}
          components={{ number: <strong className="vw-signin__number" /> }}
        />{' '}
        {/* A new entry, not a replacement: the browser's Back returns to this code step (issue 11). */}
        <Link className="vw-signin__change" to="/login" state={backToPhone}>
          {t('signIn.changeNumber')}
        </Link>
      </p>
      <div className="vw-signin__form">
        <label className="vw-signin__label" htmlFor="vw-otp">
          {t('signIn.enterOtp')}
        </label>
        <input
          ref={input}
          id="vw-otp"
          className="vw-otp"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={OTP_LENGTH}
          placeholder="••••••"
          aria-describedby="vw-otp-status"
          value={otp}
          readOnly={verifying}
          onChange={change}
        />
        <p id="vw-otp-status" className="vw-signin__hint" aria-live="polite">
          {verifying ? t('signIn.verifying') : t('signIn.codeHint')}
        </p>
        <button
          type="button"
          className="button button--ghost button--block vw-signin__resend"
          disabled={resend.disabled}
          onClick={() => void sendAgain()}
        >
          {sending && <span className="vw-signin__spinner" aria-hidden="true" />}
          {sendButtonLabel(t, resend.text, 'signIn.resendOtp')}
        </button>
      </div>
    </SignInCard>
  );
}
