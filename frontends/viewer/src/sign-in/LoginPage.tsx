import { SignInMessages } from '@chitram/contracts/src/identity';
import { type FormEvent, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useHost } from '../app/host';
import { useDocumentTitle } from '../app/use-document-title';
import { SignInCard } from './SignInCard';
import {
  PHONE_LENGTH,
  phoneDigitsFrom,
  phoneNumberFrom,
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
  useDocumentTitle('Login');
  const { toast } = useHost();
  const navigate = useNavigate();
  const flow = signInFlowFrom(useLocation().state);
  // Coming back to change the number keeps it, and the wait that its last send started.
  const [digits, setDigits] = useState(() => (flow.phoneNumber ? flow.phoneNumber.slice(3) : ''));
  const [resendAt, setResendAt] = useState<number | null>(flow.resendAt);
  const secondsLeft = useSecondsUntil(resendAt);
  const { send, sending } = useSendOtp();
  const button = sendButton({ digits, sending, secondsLeft, idleLabel: 'Send OTP' });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (button.disabled) return;
    const phoneNumber = phoneNumberFrom(digits);
    if (!phoneNumber) {
      toast(SignInMessages.invalidPhoneNumber, 'error');
      return;
    }
    const nextResendAt = await send(phoneNumber);
    // SPEC §4.3: a failed send resets the counter.
    setResendAt(nextResendAt);
    if (nextResendAt === null) return;
    const next: SignInFlow = { phoneNumber, resendAt: nextResendAt, returnTo: flow.returnTo };
    void navigate('/verify-otp', { state: next });
  }

  return (
    <SignInCard>
      <p className="vw-signin__lead">Sign in with your mobile number. We will text you a 6-digit code.</p>
      <form className="vw-signin__form" onSubmit={submit} noValidate>
        <label className="vw-signin__label" htmlFor="vw-phone">
          Mobile Number
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
          Your 10-digit Indian mobile number, after +91.
        </p>
        <button
          type="submit"
          className="button button--primary button--block vw-signin__submit"
          disabled={button.disabled}
        >
          {sending && <span className="vw-signin__spinner" aria-hidden="true" />}
          {button.label}
        </button>
      </form>
    </SignInCard>
  );
}
