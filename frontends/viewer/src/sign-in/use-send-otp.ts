import { useState } from 'react';
import { useHost } from '../app/host';
import { useViewerTranslation } from '../i18n/use-viewer-translation';
import { RESEND_WAIT_SECONDS, sendFailure } from './sign-in-rules';

/** Sends a code to a `+91…` number; answers when the next may be sent (epoch ms), or null on failure. */
export function useSendOtp() {
  const { api, toast, problemOf } = useHost();
  const { t } = useViewerTranslation();
  const [sending, setSending] = useState(false);

  async function send(phoneNumber: string): Promise<number | null> {
    setSending(true);
    try {
      const reply = await api
        .post('user/send-otp', { json: { phoneNumber }, context: { anonymous: true } })
        .json<{ message?: string; resendAfterSeconds?: number }>();
      toast(t('signIn.otpSent'), 'success');
      const wait =
        typeof reply.resendAfterSeconds === 'number' ? reply.resendAfterSeconds : RESEND_WAIT_SECONDS;
      return Date.now() + wait * 1000;
    } catch (error) {
      toast(t(`signIn.${sendFailure(problemOf(error, '').code)}`), 'error');
      return null;
    } finally {
      setSending(false);
    }
  }

  return { send, sending };
}
