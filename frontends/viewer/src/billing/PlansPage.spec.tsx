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
  upcoming: null,
}));
const VIEWER = {
  token: 'viewer-token',
  phoneNumber: '+919876543210',
  isSubscribed: false,
  activeSubscription: null,
};

function openPlans(user: typeof VIEWER | null = VIEWER, plans: StoredPlan[] = STORED) {
  const api = new ApiStandIn().on('GET plans', { body: plans });
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

  it('shows a price change finance has scheduled, with its date, on that plan’s card only (D43)', async () => {
    const upcoming = {
      effectiveFrom: '2026-12-31T18:30:00.000Z',
      amount: 134900,
      validityMonths: 12,
      devices: [...STORED[3].devices],
      maxResolution: 2160,
      maxStreams: 4,
    };
    openPlans(
      VIEWER,
      STORED.map((plan) => (plan.planKey === 'gold' ? { ...plan, upcoming } : plan)),
    );
    const gold = await card(/^GOLD PLAN$/);
    expect(gold.textContent).toContain('₹1,200');
    expect(gold.textContent).toMatch(/From 1 Jan 2027: ₹1,349/);
    expect((await card(/^STANDARD PLAN$/)).textContent).not.toContain('From ');
  });

  it('words a plan by the terms it has now, not those it started with (D43)', async () => {
    openPlans(
      VIEWER,
      STORED.map((plan) =>
        plan.planKey === 'basic'
          ? { ...plan, maxResolution: 1080, maxStreams: 2 }
          : plan.planKey === 'standard'
            ? { ...plan, maxResolution: 480 }
            : plan,
      ),
    );
    const basic = await card(/^BASIC PLAN$/);
    expect(basic.textContent).toContain('Full HD 1080p');
    expect(basic.textContent).not.toContain('HD 720P');
    expect((await card(/^STANDARD PLAN$/)).textContent).toContain('480p');
  });

  it('sends a visitor to log in first, with a word why', async () => {
    const { toasts } = openPlans(null);
    await userEvent.click(within(await card(/^GOLD PLAN$/)).getByRole('button', { name: /^Pay/ }));
    expect(location()).toBe('/login');
    expect(toasts).toEqual([{ message: 'Please log in to subscribe.', kind: 'error' }]);
  });
});

describe('the plans page for a viewer with a plan (DECISIONS D38)', () => {
  const STANDARD_VIEWER = {
    ...VIEWER,
    isSubscribed: true,
    activeSubscription: {
      planKey: 'standard',
      planName: 'Standard Plan',
      validTill: '2027-02-27T18:29:59.000Z',
    },
  };
  const quote = (planKey: string, fields: object) => ({
    planKey,
    kind: 'new',
    listPrice: 0,
    credit: 0,
    creditPlanKey: null,
    extraDays: 0,
    amount: 0,
    startsAt: null,
    blocked: false,
    ...fields,
  });

  it('offers the upgrade at the credited price, and a lower plan from the day the current one ends', async () => {
    const api = new ApiStandIn().on('GET plans', { body: STORED }).on('GET checkout/quotes', {
      body: [
        quote('basic', {
          kind: 'queue',
          listPrice: 9900,
          amount: 9900,
          startsAt: '2027-02-27T12:00:00.000Z',
        }),
        quote('standard', { kind: 'extend', listPrice: 29900, amount: 29900 }),
        quote('premium', {
          kind: 'upgrade',
          listPrice: 99900,
          credit: 20150,
          creditPlanKey: 'standard',
          amount: 79750,
        }),
        quote('gold', {
          kind: 'upgrade',
          listPrice: 120000,
          credit: 20150,
          creditPlanKey: 'standard',
          amount: 99850,
        }),
      ],
    });
    renderPage(<PlansPage />, { at: '/subscribe', path: '/subscribe', user: STANDARD_VIEWER, api });
    const gold = await card(/^GOLD PLAN$/);
    await within(gold).findByRole('button', { name: 'Upgrade to Gold Plan: pay ₹998.50' });
    expect(gold.textContent).toContain('₹201.50 credit from your Standard Plan');
    const basic = await card(/^BASIC PLAN$/);
    expect(basic.textContent).toContain('Starts when your current plan ends, on 27 Feb 2027.');
    expect(within(basic).getByRole('button', { name: 'Pay Rs 99' })).toBeTruthy();
    expect(within(await card(/^STANDARD PLAN$/)).getByRole('button', { name: 'Pay Rs 299' })).toBeTruthy();
  });

  it('holds back the plans that must wait while another is queued', async () => {
    const api = new ApiStandIn().on('GET plans', { body: STORED }).on('GET checkout/quotes', {
      body: PLANS.map((p) =>
        quote(
          p.planKey,
          p.planKey === 'basic'
            ? { kind: 'extend-queued', startsAt: '2027-05-27T12:00:00.000Z' }
            : { kind: 'queue', blocked: true },
        ),
      ),
    });
    renderPage(<PlansPage />, { at: '/subscribe', path: '/subscribe', user: STANDARD_VIEWER, api });
    const gold = await card(/^GOLD PLAN$/);
    await within(gold).findByText(/Another plan is waiting to start/);
    expect(within(gold).getByRole('button', { name: /^Pay/ }).hasAttribute('disabled')).toBe(true);
    expect((await card(/^BASIC PLAN$/)).textContent).toContain(
      'Adds to the plan waiting to start, from 27 May 2027.',
    );
  });
});
