/** @jest-environment @chitram/web-testing/jsdom-environment.js */
import { screen, waitFor } from '@testing-library/react';
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

function sandboxCheckout() {
  return new ApiStandIn().on('POST checkout/create-order', {
    body: { key: 'rzp_test_sandbox', amount: 9900, currency: 'INR', orderId: 'order_1', provider: 'sandbox' },
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

  it('goes straight to the order for a plan that plays on this computer', async () => {
    const api = sandboxCheckout();
    renderPage(<CheckoutPage />, { at: STANDARD_LINK, path: '/checkout', user: VIEWER, api });
    await waitFor(() => expect(api.called('POST checkout/create-order')).toBe(1));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
