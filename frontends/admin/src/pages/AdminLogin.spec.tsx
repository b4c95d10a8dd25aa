/** @jest-environment @chitram/web-testing/jsdom-environment.js */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiStandIn, renderPage } from '../testing/render-page';
import { AdminLogin } from './AdminLogin';

const CHALLENGE = 'c'.repeat(43);
const SESSION = {
  token: 'owner-token',
  refreshToken: 'owner-refresh',
  role: 'admin',
  adminRole: 'owner',
  email: 'owner@chitram.in',
  secondFactor: true,
};

async function typePassword() {
  await userEvent.type(screen.getByLabelText('Email'), 'owner@chitram.in');
  await userEvent.type(screen.getByLabelText('Password'), 'a long enough password');
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
}

describe('the admin login with a second factor (D34)', () => {
  it('asks for the code after the password; a wrong one is said, the right one signs in', async () => {
    let tries = 0;
    const api = new ApiStandIn()
      .on('POST admin/admin-login', {
        body: { secondFactor: 'code', challenge: CHALLENGE, email: 'owner@chitram.in' },
      })
      .on('POST admin/admin-login/second-factor', () =>
        ++tries === 1
          ? { status: 401, body: { code: 'SECOND_FACTOR_INVALID', message: 'That code is not right.' } }
          : { body: SESSION },
      );
    const { toasts, session } = renderPage(<AdminLogin />, { at: '/admin', path: '/admin', api });
    await typePassword();
    await screen.findByRole('heading', { name: 'Enter your code' });
    const code = screen.getByLabelText('The 6-digit code of your authenticator app');
    await userEvent.type(code, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(toasts).toContainEqual({ message: 'That code is not right.', kind: 'error' }));
    await userEvent.clear(code);
    await userEvent.type(code, '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/admin/dashboard'));
    expect(session.getState().admin?.token).toBe('owner-token');
    expect(
      api.requests.filter((r) => r.path === 'admin/admin-login/second-factor').map((r) => r.body),
    ).toEqual([
      { challenge: CHALLENGE, code: '123456' },
      { challenge: CHALLENGE, code: '654321' },
    ]);
  });

  it('takes a recovery code instead', async () => {
    const api = new ApiStandIn()
      .on('POST admin/admin-login', {
        body: { secondFactor: 'code', challenge: CHALLENGE, email: 'owner@chitram.in' },
      })
      .on('POST admin/admin-login/second-factor', { body: SESSION });
    renderPage(<AdminLogin />, { at: '/admin', path: '/admin', api });
    await typePassword();
    await userEvent.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    await userEvent.type(screen.getByLabelText('A recovery code'), 'abcde-fghjk');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/admin/dashboard'));
    expect(api.requests.at(-1)?.body).toEqual({ challenge: CHALLENGE, recoveryCode: 'abcde-fghjk' });
  });

  it('enrols an authenticator at the first sign-in and shows the recovery codes before the dashboard', async () => {
    const codes = Array.from({ length: 10 }, (_, i) => `code${i}-abcde`);
    const api = new ApiStandIn()
      .on('POST admin/admin-login', {
        body: { secondFactor: 'enrol', challenge: CHALLENGE, email: 'owner@chitram.in' },
      })
      .on('POST admin/admin-login/enrol', {
        body: {
          secret: 'JBSWY3DPEHPK3PXP',
          otpauthUrl: 'otpauth://totp/Chitram:owner?secret=JBSWY3DPEHPK3PXP',
        },
      })
      .on('POST admin/admin-login/second-factor', { body: { ...SESSION, recoveryCodes: codes } });
    const { session } = renderPage(<AdminLogin />, { at: '/admin', path: '/admin', api });
    await typePassword();
    await screen.findByRole('heading', { name: 'Add an authenticator app' });
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeTruthy();
    await screen.findByRole('img', { name: 'QR code to scan with an authenticator app' });
    await userEvent.type(screen.getByLabelText('The 6-digit code the app shows'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    const shown = await screen.findByRole('region', { name: 'Recovery codes' });
    expect(shown.querySelectorAll('li')).toHaveLength(10);
    expect(screen.getByTestId('location').textContent).toBe('/admin');
    await userEvent.click(screen.getByRole('button', { name: 'I have kept them' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/admin/dashboard'));
    expect(session.getState().admin?.token).toBe('owner-token');
  });
});
