import type { TFunction } from 'i18next';
import type { SendButtonText } from './sign-in-rules';

/** The send button's words in the interface language; `idle` is 'Send OTP' or 'Resend OTP'. */
export function sendButtonLabel(
  t: TFunction<'viewer'>,
  text: SendButtonText,
  idle: 'signIn.sendOtp' | 'signIn.resendOtp',
): string {
  if (text.kind === 'sending') return t('signIn.sendingOtp');
  if (text.kind === 'wait') return t('signIn.resendIn', { seconds: text.seconds });
  return t(idle);
}
