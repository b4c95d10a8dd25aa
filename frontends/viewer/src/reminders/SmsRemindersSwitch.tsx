import type { ReminderSettings } from '@chitram/contracts/web';
import { useId, useState } from 'react';
import { useFailureMessage } from '../app/api';
import { useHost } from '../app/host';
import { useLoader } from '../app/use-loader';
import { useViewerTranslation } from '../i18n/use-viewer-translation';
import '../styles/reminders.css';

/**
 * The profile page's switch for plan-end reminders by SMS (D40): on until the viewer turns it off,
 * saved as soon as it is flipped, for the account (one number).
 */
export function SmsRemindersSwitch() {
  const { t } = useViewerTranslation();
  const { api, toast } = useHost();
  const failureMessage = useFailureMessage();
  const hintId = useId();
  const settings = useLoader((signal) => api.get('user/reminders', { signal }).json<ReminderSettings>(), []);
  const [saved, setSaved] = useState<boolean | null>(null);
  const [saving, setSaving] = useState(false);
  const on = saved ?? settings.data?.smsReminders;

  async function change(smsReminders: boolean) {
    setSaving(true);
    try {
      const answer = await api.put('user/reminders', { json: { smsReminders } }).json<ReminderSettings>();
      setSaved(answer.smsReminders);
      toast(answer.smsReminders ? t('reminders.turnedOn') : t('reminders.turnedOff'), 'success');
    } catch (error) {
      toast(failureMessage(error), 'error');
    } finally {
      setSaving(false);
    }
  }

  if (on === undefined) return null;
  return (
    <div className="vw-reminders">
      <label className="vw-reminders__switch">
        <input
          type="checkbox"
          role="switch"
          checked={on}
          disabled={saving}
          aria-describedby={hintId}
          onChange={(event) => void change(event.target.checked)}
        />
        <span className="vw-reminders__track" aria-hidden="true" />
        <span>{t('reminders.label')}</span>
      </label>
      <p id={hintId} className="vw-reminders__hint">
        {t('reminders.hint')}
      </p>
    </div>
  );
}
