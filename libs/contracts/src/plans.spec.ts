import { PLANS, findPlan, planTextsOf } from './plans';

describe('plan table', () => {
  it('has the four plans of the spec, priced in rupees, cheapest first', () => {
    expect(PLANS.map((p) => [p.planKey, p.plan, p.price])).toEqual([
      ['basic', 'Basic Plan', '99'],
      ['standard', 'Standard Plan', '299'],
      ['premium', 'Premium Plan', '999'],
      ['gold', 'Gold Plan', '1200'],
    ]);
  });

  it('follows the decisions on validity, devices, resolution and streams', () => {
    expect(PLANS.map((p) => p.validityMonths)).toEqual([3, 3, 6, 12]);
    expect(findPlan('basic')?.devices).toEqual(['mobile']);
    expect(findPlan('standard')?.devices).toEqual(['mobile', 'website']);
    expect(findPlan('gold')?.devices).toEqual(['mobile', 'website', 'tab', 'tv']);
    expect(PLANS.map((p) => p.maxResolution)).toEqual([720, 1080, 1440, 2160]);
    expect(PLANS.map((p) => p.maxStreams)).toEqual([1, 2, 3, 4]);
    expect(findPlan('platinum')).toBeUndefined();
  });
});

describe('planTextsOf', () => {
  it("gives back the plan table's own words for its terms", () => {
    for (const plan of PLANS)
      expect(planTextsOf(plan)).toEqual({ quality: plan.quality, device: plan.device, month: plan.month });
  });

  it('words terms finance has changed', () => {
    expect(planTextsOf({ validityMonths: 6, devices: ['tv', 'mobile'], maxResolution: 1080 })).toEqual({
      quality: 'Full HD 1080p',
      device: 'Mobile & Smart TV',
      month: '6 months',
    });
    expect(
      planTextsOf({ validityMonths: 24, devices: ['website', 'tab', 'mobile'], maxResolution: 480 }),
    ).toEqual({
      quality: '480p',
      device: 'Mobile, Website and TAB',
      month: '2 years',
    });
    expect(planTextsOf({ validityMonths: 1, devices: ['website'], maxResolution: 720 }).month).toBe(
      '1 month',
    );
  });
});
