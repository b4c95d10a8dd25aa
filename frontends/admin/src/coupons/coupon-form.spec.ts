import { checkCouponForm, couponBody, emptyCouponForm } from './coupon-form';

const now = new Date('2026-11-27T10:00:00Z');
const filled = { ...emptyCouponForm('2026-11-27'), code: 'welcome20', value: '20' };

describe('the coupon form (D33)', () => {
  it('asks for a code and a value, and checks the percent, the code’s shape and the dates', () => {
    expect(checkCouponForm(emptyCouponForm('2026-11-27'), now)).toEqual({
      code: 'Code is required',
      value: 'Percent off is required',
    });
    expect(checkCouponForm(filled, now)).toEqual({});
    expect(checkCouponForm({ ...filled, value: '120' }, now)).toEqual({
      value: 'Percent off must be from 1 to 100',
    });
    expect(checkCouponForm({ ...filled, kind: 'flat', value: '120' }, now)).toEqual({});
    expect(checkCouponForm({ ...filled, code: 'no spaces!' }, now)).toEqual({
      code: 'Use 3 to 32 capitals, digits, - or _',
    });
    expect(checkCouponForm({ ...filled, validTill: '2026-11-01' }, now)).toEqual({
      validTill: 'Valid till may not be before valid from',
    });
    expect(checkCouponForm({ ...filled, maxRedemptions: 'ten' }, now)).toEqual({
      maxRedemptions: 'Total uses must be a whole number from 1',
    });
  });

  it('sends paise for a flat coupon, India’s days as moments, and leaves out the open limits', () => {
    expect(
      couponBody({ ...filled, kind: 'flat', value: '50', validTill: '2026-12-31', perAccountLimit: '1' }),
    ).toEqual({
      code: 'WELCOME20',
      kind: 'flat',
      amount: 5000,
      planKeys: [],
      validFrom: '2026-11-26T18:30:00.000Z',
      validTill: '2026-12-31T18:30:00.000Z',
      perAccountLimit: 1,
      firstPurchaseOnly: false,
    });
    expect(couponBody({ ...filled, planKeys: ['gold'] })).toMatchObject({
      kind: 'percent',
      percent: 20,
      planKeys: ['gold'],
    });
  });
});
