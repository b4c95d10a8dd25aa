import { COUPON_CODE, PLAN_KEYS, PLANS, type CouponKind, type PlanKey } from '@chitram/contracts/web';
import type { FieldErrors } from '../catalog/form-rules';
import { checkFields, type FieldContext, type FormDescription } from '../components/field-description';

/** The coupon form's values (D33), as the form holds them: text as typed, plans chosen, yes or no. */
export interface CouponFormValues {
  code: string;
  kind: CouponKind;
  /** Percent off, or rupees off a flat coupon. */
  value: string;
  planKeys: PlanKey[];
  validFrom: string;
  validTill: string;
  maxRedemptions: string;
  perAccountLimit: string;
  firstPurchaseOnly: boolean;
}

export interface CouponFormContext extends FieldContext {
  kind: CouponKind;
}

const planName = (planKey: string) => PLANS.find((plan) => plan.planKey === planKey)?.plan ?? planKey;

/**
 * A coupon's fields (D33): the code, percent or flat, its plans (none: all), its dates, its limits and
 * first purchase only. The API checks the same again and answers COUPON_CODE_TAKEN for a code in use.
 */
export const COUPON_FORM: FormDescription<CouponFormContext> = {
  fields: [
    {
      name: 'code',
      label: 'Code',
      kind: 'text',
      required: true,
      placeholder: 'WELCOME20',
      hint: '3 to 32 capitals, digits, - or _',
    },
    {
      name: 'kind',
      label: 'Discount',
      kind: 'select',
      options: ['percent', 'flat'],
      optionLabel: (kind) => (kind === 'percent' ? 'Percent off' : 'Flat amount off (₹)'),
    },
    {
      name: 'value',
      label: ({ kind }) => (kind === 'percent' ? 'Percent off' : 'Rupees off'),
      kind: 'text',
      inputMode: 'numeric',
      required: true,
      rule: 'whole-number',
      hint: ({ kind }) =>
        kind === 'percent' ? '1 to 100' : 'Whole rupees; at least ₹1 is always left to pay',
    },
    {
      name: 'planKeys',
      label: 'Plans',
      kind: 'choices',
      options: PLAN_KEYS,
      optionLabel: planName,
      hint: 'None chosen: every plan',
    },
    { name: 'validFrom', label: 'Valid from', kind: 'date', anyDay: true, required: true },
    {
      name: 'validTill',
      label: 'Valid till',
      kind: 'date',
      anyDay: true,
      hint: 'The last day it works; empty: no end',
    },
    {
      name: 'maxRedemptions',
      label: 'Total uses',
      kind: 'text',
      inputMode: 'numeric',
      rule: 'whole-number',
      hint: 'Empty: no limit',
    },
    {
      name: 'perAccountLimit',
      label: 'Uses per account',
      kind: 'text',
      inputMode: 'numeric',
      rule: 'whole-number',
      hint: 'Empty: no limit',
    },
    { name: 'firstPurchaseOnly', label: 'First purchase only', kind: 'yes-no' },
  ],
  main: [
    { title: 'Coupon', items: [['code', 'kind', 'value'], 'planKeys'] },
    {
      title: 'When and how often',
      items: [['validFrom', 'validTill'], ['maxRedemptions', 'perAccountLimit'], 'firstPurchaseOnly'],
    },
  ],
  side: [],
};

/** A new form: percent off, from today (in India), no end, no limits. */
export function emptyCouponForm(today: string): CouponFormValues {
  return {
    code: '',
    kind: 'percent',
    value: '',
    planKeys: [],
    validFrom: today,
    validTill: '',
    maxRedemptions: '',
    perAccountLimit: '',
    firstPurchaseOnly: false,
  };
}

/** Every field's message: the kit's checks, then the coupon's own (code shape, percent range, dates). */
export function checkCouponForm(values: CouponFormValues, now: Date): FieldErrors {
  const errors = checkFields(COUPON_FORM.fields, (name) => values[name as keyof CouponFormValues], {
    now,
    kind: values.kind,
  });
  if (!errors.code && !COUPON_CODE.test(values.code.trim().toUpperCase()))
    errors.code = 'Use 3 to 32 capitals, digits, - or _';
  if (!errors.value && values.kind === 'percent' && Number(values.value) > 100)
    errors.value = 'Percent off must be from 1 to 100';
  if (!errors.validTill && values.validTill && values.validTill < values.validFrom)
    errors.validTill = 'Valid till may not be before valid from';
  return errors;
}

/** India's midnight starting a day, YYYY-MM-DD. */
const indiaMidnight = (day: string) => new Date(`${day}T00:00:00+05:30`).toISOString();

/** The API's body (`POST /api/admin/coupons`): amounts in paise, the last day counted to its end. */
export function couponBody(values: CouponFormValues) {
  const whole = (text: string) => (text.trim() ? Number(text.trim()) : undefined);
  const value = Number(values.value.trim());
  const dayAfter = values.validTill
    ? new Date(new Date(`${values.validTill}T00:00:00+05:30`).getTime() + 86_400_000).toISOString()
    : undefined;
  return {
    code: values.code.trim().toUpperCase(),
    kind: values.kind,
    ...(values.kind === 'percent' ? { percent: value } : { amount: value * 100 }),
    planKeys: values.planKeys,
    validFrom: indiaMidnight(values.validFrom),
    ...(dayAfter ? { validTill: dayAfter } : {}),
    ...(whole(values.maxRedemptions) ? { maxRedemptions: whole(values.maxRedemptions) } : {}),
    ...(whole(values.perAccountLimit) ? { perAccountLimit: whole(values.perAccountLimit) } : {}),
    firstPurchaseOnly: values.firstPurchaseOnly,
  };
}
