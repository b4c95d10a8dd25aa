import {
  checkoutPath,
  checkoutRequestFrom,
  downloadName,
  isAndroidPhoneBrowser,
  paymentSuccessFrom,
} from './billing-rules';

describe('checkout query (SPEC §2.1, DECISIONS D16)', () => {
  it('carries the plan to the checkout and reads it back', () => {
    const path = checkoutPath({
      planKey: 'premium',
      plan: 'Premium Plan',
      device: 'Mobile, Website, TAB and Smart TV',
      price: '999',
    });
    expect(path).toBe(
      '/checkout?plan=premium&planName=Premium+Plan&device=Mobile%2C+Website%2C+TAB+and+Smart+TV&price=999',
    );
    expect(checkoutRequestFrom(new URL(`http://x${path}`).searchParams)).toEqual({
      planKey: 'premium',
      planName: 'Premium Plan',
      device: 'Mobile, Website, TAB and Smart TV',
      price: '999',
      coupon: null,
    });
  });

  it('carries a coupon’s code to the checkout, and nothing that is not one (D33)', () => {
    const plan = { planKey: 'basic' as const, plan: 'Basic Plan', device: 'Mobile', price: '99' };
    const request = (path: string) => checkoutRequestFrom(new URL(`http://x${path}`).searchParams);
    expect(request(checkoutPath(plan, 'WELCOME20'))?.coupon).toBe('WELCOME20');
    expect(request('/checkout?plan=basic&coupon=%3Cscript%3E')?.coupon).toBeNull();
  });

  it('refuses a plan the product does not sell, and shows no made-up price', () => {
    expect(checkoutRequestFrom(new URLSearchParams('plan=platinum&price=1'))).toBeNull();
    expect(checkoutRequestFrom(new URLSearchParams(''))).toBeNull();
    expect(checkoutRequestFrom(new URLSearchParams('plan=gold&price=1e9'))?.price).toBe('');
  });
});

describe('success and profile', () => {
  it('reads what the checkout handed over, or nothing', () => {
    expect(
      paymentSuccessFrom({
        planName: 'Gold Plan',
        price: '1200',
        device: 'All',
        devices: ['mobile', 'tv'],
        validTill: '2027-11-22T00:00:00.000Z',
      }),
    ).toEqual({
      planName: 'Gold Plan',
      price: '1200',
      device: 'All',
      devices: ['mobile', 'tv'],
      validTill: '2027-11-22T00:00:00.000Z',
    });
    // Devices that are no device class are not shown as if they were.
    expect(
      paymentSuccessFrom({ planName: 'Gold Plan', price: '1200', device: 'All', devices: ['fridge'] })
        ?.devices,
    ).toBeNull();
    expect(paymentSuccessFrom(null)).toBeNull();
    expect(paymentSuccessFrom({ planName: 'Gold Plan' })).toBeNull();
  });

  it('opens the app only on an Android phone', () => {
    expect(
      isAndroidPhoneBrowser(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36',
      ),
    ).toBe(true);
    expect(
      isAndroidPhoneBrowser(
        'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 Chrome/120 Safari/537.36',
      ),
    ).toBe(false);
    expect(
      isAndroidPhoneBrowser('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148'),
    ).toBe(false);
  });

  it('names downloads from the server', () => {
    expect(downloadName('attachment; filename="chitram-receipt-CH-2026-27-000001.pdf"', 'x.pdf')).toBe(
      'chitram-receipt-CH-2026-27-000001.pdf',
    );
    expect(downloadName(null, 'receipt.pdf')).toBe('receipt.pdf');
  });
});
