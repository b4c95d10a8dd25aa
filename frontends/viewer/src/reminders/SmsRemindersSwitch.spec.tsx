/** @jest-environment @chitram/web-testing/jsdom-environment.js */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiStandIn, renderPage } from '../testing/render-page';
import { SmsRemindersSwitch } from './SmsRemindersSwitch';

const VIEWER = {
  token: 'viewer-token',
  phoneNumber: '+919876543210',
  isSubscribed: true,
  activeSubscription: null,
};

function open(smsReminders: boolean, api = new ApiStandIn()) {
  api.on('GET user/reminders', { body: { smsReminders } });
  return renderPage(<SmsRemindersSwitch />, { at: '/profile', path: '/profile', user: VIEWER, api });
}

describe('the SMS reminder switch on the profile page (D40)', () => {
  it('shows the account’s setting, and turns reminders off with one click, saved at once', async () => {
    const api = new ApiStandIn().on('PUT user/reminders', { body: { smsReminders: false } });
    const { toasts } = open(true, api);
    const toggle = await screen.findByRole('switch', { name: 'Plan reminders by SMS' });
    expect((toggle as HTMLInputElement).checked).toBe(true);

    await userEvent.click(toggle);
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(false));
    expect(api.requests.filter((r) => r.method === 'PUT')).toEqual([
      { method: 'PUT', path: 'user/reminders', body: { smsReminders: false } },
    ]);
    expect(toasts).toEqual([{ message: 'SMS reminders turned off.', kind: 'success' }]);
  });

  it('keeps the setting as it was and says why when saving fails', async () => {
    const api = new ApiStandIn().on('PUT user/reminders', {
      status: 503,
      body: { code: 'SERVICE_UNAVAILABLE', message: 'The service is unavailable. Please try again.' },
    });
    const { toasts } = open(false, api);
    const toggle = await screen.findByRole('switch', { name: 'Plan reminders by SMS' });
    await userEvent.click(toggle);
    await waitFor(() => expect(toasts).toHaveLength(1));
    expect(toasts[0].kind).toBe('error');
    expect((toggle as HTMLInputElement).checked).toBe(false);
  });
});
