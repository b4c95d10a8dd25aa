import type { AdminPlanView } from '@chitram/contracts/web';
import { termsVersion } from './plan-fixtures';
import { checkPlanTermsForm, planTermsBody, planTermsFormOf } from './plan-terms-form';

const now = new Date('2026-11-28T10:00:00Z');
const basic: AdminPlanView = {
  planKey: 'basic',
  plan: 'Basic Plan',
  current: termsVersion(),
  scheduled: [],
};
const filled = planTermsFormOf(basic);

describe('the plan terms form (D43)', () => {
  it('starts from the plan’s terms now, to take effect now', () => {
    expect(filled).toEqual({
      planKey: 'basic',
      price: '99',
      validityMonths: '3',
      devices: ['mobile'],
      maxResolution: '720',
      maxStreams: '1',
      takesEffect: 'now',
      effectiveDay: '',
    });
    expect(checkPlanTermsForm(filled, now)).toEqual({});
    expect(planTermsFormOf({ ...basic, current: { ...basic.current, amount: 14950 } }).price).toBe('149.50');
  });

  it('checks the price, the ranges, the devices and a day to come', () => {
    expect(checkPlanTermsForm({ ...filled, price: '' }, now)).toEqual({ price: 'Price is required' });
    for (const price of ['0', '0.00', '12.345', '-5', 'free'])
      expect(checkPlanTermsForm({ ...filled, price }, now)).toEqual({
        price: 'Use rupees above 0, with at most two decimals',
      });
    expect(
      checkPlanTermsForm({ ...filled, validityMonths: '48', maxStreams: '11', devices: [] }, now),
    ).toEqual({
      validityMonths: 'Validity must be from 1 to 36 months',
      maxStreams: 'Screens at once must be from 1 to 10',
      devices: 'Choose at least one of Devices',
    });
    expect(checkPlanTermsForm({ ...filled, takesEffect: 'day' }, now)).toEqual({
      effectiveDay: 'From is required',
    });
    expect(checkPlanTermsForm({ ...filled, takesEffect: 'day', effectiveDay: '2026-11-28' }, now)).toEqual({
      effectiveDay: 'Choose a day after today, or Now',
    });
    expect(checkPlanTermsForm({ ...filled, takesEffect: 'day', effectiveDay: '2026-12-01' }, now)).toEqual(
      {},
    );
  });

  it('sends numbers as numbers, and a day as its midnight in India', () => {
    expect(planTermsBody({ ...filled, price: ' 149.50 ', devices: ['mobile', 'tv'] })).toEqual({
      price: '149.50',
      validityMonths: 3,
      devices: ['mobile', 'tv'],
      maxResolution: 720,
      maxStreams: 1,
      effectiveFrom: 'now',
    });
    expect(planTermsBody({ ...filled, takesEffect: 'day', effectiveDay: '2026-12-01' }).effectiveFrom).toBe(
      '2026-11-30T18:30:00.000Z',
    );
  });
});
