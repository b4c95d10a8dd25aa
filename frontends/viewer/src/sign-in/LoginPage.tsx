import { type FormEvent, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useHost } from '../app/host';
import { usePreload } from '../app/lazy-page';
import { VerifyOtpPage } from '../app/pages';
import { useDocumentTitle } from '../app/use-document-title';
import { useViewerTranslation } from '../i18n/use-viewer-translation';
import { sendButtonLabel } from './send-button-label';
import { SignInCard } from './SignInCard';
import {
  PHONE_LENGTH,
  phoneDigitsFrom,
  phoneNumberFrom,
  resendWaitFor,
  sendButton,
  signInFlowFrom,
  type SignInFlow,
} from './sign-in-rules';
import { useSecondsUntil } from './use-countdown';
import { useSendOtp } from './use-send-otp';

/**
 * /login, the phone step of the one login flow (SPEC §2.7, §4.3; DECISIONS D9): a code sent here moves
 * the flow on to /verify-otp, where the code field replaces this form.
 */
export function LoginPage() {
  const { t } = useViewerTranslation();
  useDocumentTitle(t('signIn.documentTitle'));
  const { toast } = useHost();
  usePreload(VerifyOtpPage);
  const navigate = useNavigate();
  const flow = signInFlowFrom(useLocation().state);
  // Coming back to change the number keeps it, and the wait its last send started: that wait belongs to
  // that number only, so another number may have a code at once (issue 11).
  const [digits, setDigits] = useState(() => (flow.phoneNumber ? flow.phoneNumber.slice(3) : ''));
  const [lastSend, setLastSend] = useState({ phoneNumber: flow.phoneNumber, resendAt: flow.resendAt });
  const secondsLeft = useSecondsUntil(resendWaitFor(phoneNumberFrom(digits), lastSend));
  const { send, sending } = useSendOtp();
  const button = sendButton({ digits, sending, secondsLeft });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (button.disabled) return;
    const phoneNumber = phoneNumberFrom(digits);
    if (!phoneNumber) {
      toast(t('signIn.invalidPhone'), 'error');
      return;
    }
    const nextResendAt = await send(phoneNumber);
    // SPEC §4.3: a failed send resets the counter.
    setLastSend({ phoneNumber, resendAt: nextResendAt });
    if (nextResendAt === null) return;
    const next: SignInFlow = { phoneNumber, resendAt: nextResendAt, returnTo: flow.returnTo };
    void navigate('/verify-otp', { state: next });
  }

  return (
    <SignInCard>
      <p className="vw-signin__lead">{t('signIn.lead')}</p>
      <form className="vw-signin__form" onSubmit={submit} noValidate>
        <label className="vw-signin__label" htmlFor="vw-phone">
          {t('signIn.mobileNumber')}
        </label>
        <div className="vw-phone">
          <span className="vw-phone__prefix" aria-hidden="true">
            +91
          </span>
          <input
            id="vw-phone"
            className="vw-phone__input"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            maxLength={PHONE_LENGTH}
            placeholder="98765 43210"
            aria-describedby="vw-phone-hint"
            value={digits}
            onChange={(e) => setDigits(phoneDigitsFrom(e.target.value))}
            autoFocus
          />
        </div>
        <p id="vw-phone-hint" className="vw-signin__hint">
          {t('signIn.phoneHint')}
        </p>
        <button
          type="submit"
          className="button button--primary button--block vw-signin__submit"
          disabled={button.disabled}
        >
          {sending && <span className="vw-signin__spinner" aria-hidden="true" />}
          {sendButtonLabel(t, button.text, 'signIn.sendOtp')}
        </button>
      </form>
    </SignInCard>
  );
}
