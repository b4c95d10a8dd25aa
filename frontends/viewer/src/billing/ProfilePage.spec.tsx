/** @jest-environment @chitram/web-testing/jsdom-environment.js */
import type { ViewerProfile } from '@chitram/contracts/web';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiStandIn, renderPage } from '../testing/render-page';
import { ProfilePage } from './ProfilePage';

const VIEWER = {
  token: 'viewer-token',
  phoneNumber: '+919876543210',
  isSubscribed: true,
  activeSubscription: {
    planName: 'Standard Plan',
    planKey: 'standard',
    validTill: '2027-02-27T18:29:59.000Z',
  },
};

function profile(answer: Partial<ViewerProfile>): ViewerProfile {
  return {
    _id: 'viewer-1',
    phoneNumber: VIEWER.phoneNumber,
    isSubscribed: false,
    activeSubscription: null,
    planStatus: 'current',
    createdAt: '2026-01-01T00:00:00.000Z',
    interfaceLanguage: null,
    ...answer,
  };
}

function openProfile(me: Partial<ViewerProfile>) {
  const api = new ApiStandIn()
    .on('GET user/me', { body: profile(me) })
    .on('GET user/payments', { body: [] })
    .on('GET user/billing-account', { body: { stateCode: null, queued: null } });
  return renderPage(<ProfilePage />, { at: '/profile', path: '/profile', user: VIEWER, api });
}

const planFact = async () => (await screen.findByText('Plan')).closest('div')!;

describe('the profile page and the plan it shows', () => {
  it('shows the plan billing holds now, and offers to extend or change it', async () => {
    openProfile({ isSubscribed: true, activeSubscription: VIEWER.activeSubscription });
    expect(await screen.findByText('Standard Plan')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Extend or change plan' }).getAttribute('href')).toBe(
      '/subscribe',
    );
    expect(screen.queryByText(/Last known/)).toBeNull();
  });

  it('marks a plan billing could not confirm just now as the last one known', async () => {
    openProfile({
      isSubscribed: true,
      activeSubscription: VIEWER.activeSubscription,
      planStatus: 'stale',
      planSeenAt: '2026-11-27T10:00:00.000Z',
    });
    const fact = await planFact();
    await within(fact).findByText('Standard Plan');
    expect(within(fact).getByText("Last known; we couldn't check it again just now.")).toBeTruthy();
  });

  it('never calls a viewer Free, nor asks them to buy, when billing could not say; Try again asks anew', async () => {
    const { api, session } = openProfile({
      isSubscribed: null,
      activeSubscription: null,
      planStatus: 'unknown',
    });
    const unknown = (await screen.findByText("Can't check your plan just now.")).closest<HTMLElement>(
      '[role=status]',
    )!;
    expect(unknown).not.toBeNull();
    expect(screen.queryByText('Free')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Subscribe' })).toBeNull();
    // The session keeps the plan it had: an unknown answer is not "unsubscribed".
    expect(session.getState().user?.isSubscribed).toBe(true);

    api.on('GET user/me', { body: profile({ isSubscribed: false }) });
    await userEvent.click(within(unknown).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Free')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Subscribe' })).toBeTruthy();
    expect(api.called('GET user/me')).toBe(2);
    expect(session.getState().user?.isSubscribed).toBe(false);
  });
});

describe('the state for tax invoices (DECISIONS D32)', () => {
  it('shows none until the first checkout, and saves the one the viewer chooses for later invoices', async () => {
    const { api, toasts } = openProfile({
      isSubscribed: true,
      activeSubscription: VIEWER.activeSubscription,
    });
    const select = await screen.findByRole('combobox', { name: 'State for tax invoices' });
    expect(screen.getByText('Not set yet: your first checkout asks.')).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save.hasAttribute('disabled')).toBe(true);
    api.on('PUT user/billing-account', { body: { stateCode: '33' } });
    api.on('GET user/billing-account', { body: { stateCode: '33', queued: null } });
    await userEvent.selectOptions(select, 'Tamil Nadu');
    await userEvent.click(save);
    await waitFor(() =>
      expect(toasts).toContainEqual({ message: 'Saved. Later invoices name Tamil Nadu.', kind: 'success' }),
    );
    expect(api.requests.find((r) => r.path === 'user/billing-account' && r.method === 'PUT')?.body).toEqual({
      stateCode: '33',
    });
    await waitFor(() => expect(screen.queryByText('Not set yet: your first checkout asks.')).toBeNull());
  });
});

describe('a plan queued behind the one held (DECISIONS D38)', () => {
  it('shows the next plan with its dates', async () => {
    const { api } = openProfile({ isSubscribed: true, activeSubscription: VIEWER.activeSubscription });
    api.on('GET user/billing-account', {
      body: {
        stateCode: '36',
        queued: {
          planKey: 'basic',
          planName: 'Basic Plan',
          validFrom: '2027-02-27T12:00:00.000Z',
          validTill: '2027-05-27T12:00:00.000Z',
        },
      },
    });
    const next = (await screen.findByText('Next plan')).closest('div')!;
    expect(next.textContent).toContain('Basic Plan, 27 Feb 2027 to 27 May 2027');
  });
});

describe('a refunded payment (DECISIONS D39)', () => {
  it('shows what was refunded and the credit note beside the invoice, downloadable', async () => {
    const api = new ApiStandIn()
      .on('GET user/me', { body: profile({ isSubscribed: false }) })
      .on('GET user/payments', {
        body: [
          {
            _id: 'payment-1',
            paymentId: 'pay_ABCDEFGHIJKLMN',
            orderId: 'order_ABCDEFGHIJKLMN',
            planKey: 'standard',
            planName: 'Standard Plan',
            amount: 29900,
            currency: 'INR',
            status: 'captured',
            method: 'upi',
            failureReason: null,
            at: '2026-11-20T10:00:00.000Z',
            receipt: { _id: 'receipt-1', number: 'CH/2026-27/000042' },
            refunded: 10000,
            creditNotes: [{ _id: 'note-1', number: 'CN/2026-27/000007', amount: 10000 }],
          },
        ],
      })
      .on('GET user/billing-account', { body: { stateCode: '36', queued: null } });
    renderPage(<ProfilePage />, { at: '/profile', path: '/profile', user: VIEWER, api });
    expect(await screen.findByText('Refunded ₹100.00')).toBeTruthy();
    const note = screen.getByText('Credit note CN/2026-27/000007 · ₹100.00').closest('div')!;
    expect(
      within(note).getByRole('button', { name: 'Download credit note CN/2026-27/000007 (PDF)' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View receipt CH/2026-27/000042' })).toBeTruthy();
  });
});
