import { PLANS } from '@chitram/contracts/web';
import { cheapestPlanFor, playsOn, thisDevice, upgradeFor } from './device-rules';

// The plan table as the server answers it: prices in paise (D16).
const plans = PLANS.map((p) => ({ ...p, amount: Number(p.price) * 100 }));
const byKey = (key: string) => plans.find((p) => p.planKey === key)!;

const LAPTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36';
const PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Mobile Safari/537.36';
const IPAD =
  'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';

describe('plans on this device (D20)', () => {
  it('reads the device from the browser as the server does', () => {
    expect(thisDevice(LAPTOP)).toBe('website');
    expect(thisDevice(PHONE)).toBe('mobile');
    expect(thisDevice(IPAD)).toBe('tab');
  });

  it('plays Basic on phones only, Standard on phones and computers, Premium and Gold everywhere', () => {
    expect(plans.filter((p) => playsOn(p, 'website')).map((p) => p.planKey)).toEqual([
      'standard',
      'premium',
      'gold',
    ]);
    expect(plans.filter((p) => playsOn(p, 'mobile'))).toHaveLength(4);
    expect(plans.filter((p) => playsOn(p, 'tv')).map((p) => p.planKey)).toEqual(['premium', 'gold']);
  });

  it('finds the cheapest plan that plays on a device, whatever the order of the list', () => {
    expect(cheapestPlanFor(plans, 'website')?.planKey).toBe('standard');
    expect(cheapestPlanFor([...plans].reverse(), 'tab')?.planKey).toBe('premium');
    expect(cheapestPlanFor([byKey('basic')], 'tv')).toBeNull();
  });

  it('prices the way up as the difference from the plan the viewer holds', () => {
    // Basic (Rs 99) on a computer: Standard (Rs 299) is Rs 200 more.
    expect(upgradeFor(plans, 'website', 'Basic Plan')).toEqual({
      plan: byKey('standard'),
      difference: 20_000,
    });
    // Standard on a TV: Premium (Rs 999) is Rs 700 more.
    expect(upgradeFor(plans, 'tv', 'Standard Plan')).toEqual({ plan: byKey('premium'), difference: 70_000 });
    // A plan the list does not know: the price alone.
    expect(upgradeFor(plans, 'website', null)).toEqual({ plan: byKey('standard'), difference: null });
    expect(upgradeFor([byKey('basic')], 'website', 'Basic Plan')).toBeNull();
  });
});
