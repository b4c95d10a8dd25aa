import type { PlanTermsVersion } from '@chitram/contracts/web';

/** A version of plan terms for the tests: Basic's terms of the first start unless told otherwise. */
export function termsVersion(terms: Partial<PlanTermsVersion> = {}): PlanTermsVersion {
  return {
    _id: 'v-basic',
    effectiveFrom: '1970-01-01T00:00:00.000Z',
    amount: 9900,
    validityMonths: 3,
    devices: ['mobile'],
    maxResolution: 720,
    maxStreams: 1,
    createdBy: null,
    createdAt: '2026-11-01T00:00:00.000Z',
    ...terms,
  };
}
