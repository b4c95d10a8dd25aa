/** @jest-environment @chitram/web-testing/jsdom-environment.js */
import { findPlan } from '@chitram/contracts/web';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiStandIn, renderPage } from '../testing/render-page';
import { CheckoutPage } from './CheckoutPage';

// jsdom's agent is a computer's, as a laptop's browser would be: Basic plays on phones only (D20).
const VIEWER = {
  token: 'viewer-token',
  phoneNumber: '+919876543210',
  isSubscribed: false,
  activeSubscription: null,
};
const BASIC_LINK = '/checkout?plan=basic&planName=Basic+Plan&device=Mobile&price=99';
const STANDARD_LINK = '/checkout?plan=standard&planName=Standard+Plan&device=Mobile+and+Website&price=299';

function sandboxCheckout(stateCode: string | null = '36') {
  return new ApiStandIn()
    .on('GET user/billing-account', { body: { stateCode } })
    .on('POST checkout/create-order', {
      body: {
        key: 'rzp_test_sandbox',
        amount: 9900,
        currency: 'INR',
        orderId: 'order_1',
        provider: 'sandbox',
      },
    });
}

const location = () => screen.getByTestId('location').textContent;

describe('the checkout of a plan that does not play on this device', () => {
  it('asks first when opened from a link, and makes no order for a viewer who chooses another plan', async () => {
    const api = sandboxCheckout();
    renderPage(<CheckoutPage />, { at: BASIC_LINK, path: '/checkout', user: VIEWER, api });
    const ask = await screen.findByRole('alertdialog', { name: 'Basic Plan will not play here' });
    expect(ask.textContent).toContain(
      'Basic Plan plays on phones only, and you are on a computer. Buy it anyway?',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Choose another plan' }));
    await waitFor(() => expect(location()).toBe('/subscribe'));
    expect(api.called('POST checkout/create-order')).toBe(0);
  });

  it('makes the order once the viewer says to buy it anyway', async () => {
    const api = sandboxCheckout();
    renderPage(<CheckoutPage />, { at: BASIC_LINK, path: '/checkout', user: VIEWER, api });
    await userEvent.click(await screen.findByRole('button', { name: 'Buy anyway' }));
    await waitFor(() => expect(api.called('POST checkout/create-order')).toBe(1));
    expect(api.requests.find((r) => r.path === 'checkout/create-order')?.body).toEqual({ planKey: 'basic' });
  });

  it('does not ask again after the plans page asked, nor for a plan that plays here', async () => {
    const asked = sandboxCheckout();
    renderPage(<CheckoutPage />, {
      at: BASIC_LINK,
      path: '/checkout',
      user: VIEWER,
      api: asked,
      state: { devicesConfirmed: true },
    });
    await waitFor(() => expect(asked.called('POST checkout/create-order')).toBe(1));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('asks by the plan’s devices now: Basic made to play on websites goes straight to the order (D43)', async () => {
    const basicNow = { ...findPlan('basic')!, devices: ['mobile', 'website'], amount: 9900, upcoming: null };
    const api = sandboxCheckout().on('GET plans', { body: [basicNow] });
    renderPage(<CheckoutPage />, { at: BASIC_LINK, path: '/checkout', user: VIEWER, api });
    await waitFor(() => expect(api.called('POST checkout/create-order')).toBe(1));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('goes straight to the order for a plan that plays on this computer', async () => {
    const api = sandboxCheckout();
    renderPage(<CheckoutPage />, { at: STANDARD_LINK, path: '/checkout', user: VIEWER, api });
    await waitFor(() => expect(api.called('POST checkout/create-order')).toBe(1));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});

describe('the first checkout (DECISIONS D32)', () => {
  it('asks for the viewer’s state once, and sends it with the order', async () => {
    const api = sandboxCheckout(null);
    renderPage(<CheckoutPage />, { at: STANDARD_LINK, path: '/checkout', user: VIEWER, api });
    const ask = await screen.findByRole('dialog', { name: 'Where do you live?' });
    const select = within(ask).getByRole('combobox', { name: 'Your state or union territory' });
    // 28 states and 8 union territories, and the prompt.
    expect(within(select).getAllByRole('option')).toHaveLength(37);
    expect(within(ask).getByRole('button', { name: 'Continue' }).hasAttribute('disabled')).toBe(true);
    await userEvent.selectOptions(select, 'Karnataka');
    await userEvent.click(within(ask).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(api.called('POST checkout/create-order')).toBe(1));
    expect(api.requests.find((r) => r.path === 'checkout/create-order')?.body).toEqual({
      planKey: 'standard',
      stateCode: '29',
    });
  });

  it('makes no order for a viewer who will not say', async () => {
    const api = sandboxCheckout(null);
    renderPage(<CheckoutPage />, { at: STANDARD_LINK, path: '/checkout', user: VIEWER, api });
    const ask = await screen.findByRole('dialog', { name: 'Where do you live?' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(location()).toBe('/subscribe'));
    expect(api.called('POST checkout/create-order')).toBe(0);
  });

  it('does not ask a viewer whose state billing has', async () => {
    const api = sandboxCheckout('07');
    renderPage(<CheckoutPage />, { at: STANDARD_LINK, path: '/checkout', user: VIEWER, api });
    await waitFor(() => expect(api.called('POST checkout/create-order')).toBe(1));
    expect(screen.queryByRole('dialog', { name: 'Where do you live?' })).toBeNull();
    expect(api.requests.find((r) => r.path === 'checkout/create-order')?.body).toEqual({
      planKey: 'standard',
    });
  });
});
