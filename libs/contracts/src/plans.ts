/** Device classes of DECISIONS D20. */
export const DEVICE_CLASSES = ['mobile', 'website', 'tab', 'tv'] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

export const PLAN_KEYS = ['basic', 'standard', 'premium', 'gold'] as const;
export type PlanKey = (typeof PLAN_KEYS)[number];

export interface Plan {
  planKey: PlanKey;
  /** Display name, SPEC §3. */
  plan: string;
  quality: string;
  device: string;
  /** Rupees, as a string amount (SPEC §3). */
  price: string;
  month: string;
  validityMonths: number;
  devices: readonly DeviceClass[];
  maxResolution: number;
  maxStreams: number;
}

/** The fixed plan table: SPEC §3 with DECISIONS D17 (validity), D20 (devices), D21 (resolution), D24 (streams). */
export const PLANS: readonly Plan[] = [
  {
    planKey: 'basic',
    plan: 'Basic Plan',
    quality: 'HD 720P',
    device: 'Mobile',
    price: '99',
    month: '3 month',
    validityMonths: 3,
    devices: ['mobile'],
    maxResolution: 720,
    maxStreams: 1,
  },
  {
    planKey: 'standard',
    plan: 'Standard Plan',
    quality: 'Full HD 1080p',
    device: 'Mobile & Website',
    price: '299',
    month: '3 month',
    validityMonths: 3,
    devices: ['mobile', 'website'],
    maxResolution: 1080,
    maxStreams: 2,
  },
  {
    planKey: 'premium',
    plan: 'Premium Plan',
    quality: '2K',
    device: 'Mobile, Website, TAB and Smart TV',
    price: '999',
    month: '6 months',
    validityMonths: 6,
    devices: ['mobile', 'website', 'tab', 'tv'],
    maxResolution: 1440,
    maxStreams: 3,
  },
  {
    planKey: 'gold',
    plan: 'Gold Plan',
    quality: 'Ultra HD 4K',
    device: 'Mobile, Website, TAB and Smart TV',
    price: '1200',
    month: '1 year',
    validityMonths: 12,
    devices: ['mobile', 'website', 'tab', 'tv'],
    maxResolution: 2160,
    maxStreams: 4,
  },
];

export function findPlan(planKey: string): Plan | undefined {
  return PLANS.find((p) => p.planKey === planKey);
}

/**
 * The plan a display name names ('Gold Plan'): sessions, payments and receipts carry SPEC §3's name,
 * which the front ends turn back into the plan to word it in the interface language.
 */
export function planNamed(name: string | null | undefined): Plan | undefined {
  return name ? PLANS.find((p) => p.plan === name) : undefined;
}

/** SPEC §3's words for a plan's highest resolution. */
const QUALITY_WORDS: Readonly<Record<number, string>> = {
  720: 'HD 720P',
  1080: 'Full HD 1080p',
  1440: '2K',
  2160: 'Ultra HD 4K',
};
/** SPEC §3's names of the device classes, in its order. */
const DEVICE_WORDS: Readonly<Record<DeviceClass, string>> = {
  mobile: 'Mobile',
  website: 'Website',
  tab: 'TAB',
  tv: 'Smart TV',
};

/**
 * The English of SPEC §3's `quality`, `device` and `month` fields for a plan's terms as they are now
 * (D43: finance may change them, so the words follow the terms, not the plan table of the first start).
 * The plan table's own terms give back its words exactly ('3 month' included, as SPEC §3 writes it).
 */
export function planTextsOf(terms: {
  validityMonths: number;
  devices: readonly DeviceClass[];
  maxResolution: number;
}): Pick<Plan, 'quality' | 'device' | 'month'> {
  const names = DEVICE_CLASSES.filter((d) => terms.devices.includes(d)).map((d) => DEVICE_WORDS[d]);
  const device =
    names.length <= 1
      ? (names[0] ?? '')
      : names.length === 2
        ? names.join(' & ')
        : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  const months = terms.validityMonths;
  const month =
    months % 12 === 0
      ? `${months / 12} year${months === 12 ? '' : 's'}`
      : months === 1 || months === 3
        ? `${months} month`
        : `${months} months`;
  return { quality: QUALITY_WORDS[terms.maxResolution] ?? `${terms.maxResolution}p`, device, month };
}
