/** @jest-environment @chitram/web-testing/jsdom-environment.js */
import { type StoredPlan, PLANS } from '@chitram/contracts/web';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiStandIn, renderPage } from '../testing/render-page';
import { PlansPage } from './PlansPage';

// jsdom's agent is a computer's: of the four plans, Basic plays on phones only (D20).
const STORED: StoredPlan[] = PLANS.map((plan) => ({
  ...plan,
  amount: Number(plan.price) * 100,
  currency: 'INR',
}));
const VIEWER = {
  token: 'viewer-token',
  phoneNumber: '+919876543210',
  isSubscribed: false,
  activeSubscription: null,
};

function openPlans(user: typeof VIEWER | null = VIEWER) {
  const api = new ApiStandIn().on('GET plans', { body: STORED });
  return renderPage(<PlansPage />, { at: '/subscribe', path: '/subscribe', user, api });
}

const card = async (name: RegExp) => (await screen.findByRole('heading', { name })).closest('li')!;
const location = () => screen.getByTestId('location').textContent;

describe('the plans page on a computer', () => {
  it('says which plans play here, and marks the one that does not', async () => {
    openPlans();
    expect((await screen.findByRole('note')).textContent).toBe(
      'Plans that play here (you are on a computer): Standard Plan, Premium Plan and Gold Plan.',
    );
    expect((await card(/^BASIC PLAN$/)).textContent).toContain(
      'Plays on phones only — you are on a computer',
    );
    expect((await card(/^GOLD PLAN$/)).textContent).not.toContain('Plays on');
  });

  it('asks before checking out Basic; choosing another plan stays here, buying anyway goes on with the answer', async () => {
    openPlans();
    const basic = await card(/^BASIC PLAN$/);
    await userEvent.click(within(basic).getByRole('button', { name: /^Pay/ }));
    await userEvent.click(
      within(screen.getByRole('alertdialog', { name: 'Basic Plan will not play here' })).getByRole('button', {
        name: 'Choose another plan',
      }),
    );
    expect(location()).toBe('/subscribe');
    expect(screen.queryByRole('alertdialog')).toBeNull();

    await userEvent.click(within(basic).getByRole('button', { name: /^Pay/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Buy anyway' }));
    await waitFor(() => expect(location()).toMatch(/^\/checkout\?plan=basic&/));
  });

  it('goes straight to the checkout of a plan that plays here', async () => {
    openPlans();
    await userEvent.click(within(await card(/^STANDARD PLAN$/)).getByRole('button', { name: /^Pay/ }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(location()).toMatch(/^\/checkout\?plan=standard&/);
  });

  it('sends a visitor to log in first, with a word why', async () => {
    const { toasts } = openPlans(null);
    await userEvent.click(within(await card(/^GOLD PLAN$/)).getByRole('button', { name: /^Pay/ }));
    expect(location()).toBe('/login');
    expect(toasts).toEqual([{ message: 'Please log in to subscribe.', kind: 'error' }]);
  });
});
