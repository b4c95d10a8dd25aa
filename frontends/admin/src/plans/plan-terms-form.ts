import {
  type AdminPlanView,
  DEVICE_CLASSES,
  type DeviceClass,
  MAX_PLAN_STREAMS,
  MAX_PLAN_VALIDITY_MONTHS,
  PLAN_KEYS,
  PLAN_RESOLUTIONS,
  PLANS,
  type PlanKey,
  RUPEE_PRICE,
  startOfIndiaDay,
  todayInIndia,
} from '@chitram/contracts/web';
import type { FieldErrors } from '../catalog/form-rules';
import { checkFields, type FieldContext, type FormDescription } from '../components/field-description';

/** When new terms take effect: at once, or from the start of a day in India. */
export type TakesEffect = 'now' | 'day';

/** The plan terms form's values (D43), as the form holds them: text as typed, devices chosen. */
export interface PlanTermsFormValues {
  planKey: PlanKey;
  price: string;
  validityMonths: string;
  devices: DeviceClass[];
  maxResolution: string;
  maxStreams: string;
  takesEffect: TakesEffect;
  effectiveDay: string;
}

export interface PlanTermsFormContext extends FieldContext {
  takesEffect: TakesEffect;
}

export const planName = (planKey: string) => PLANS.find((plan) => plan.planKey === planKey)?.plan ?? planKey;

export const DEVICE_LABELS: Record<DeviceClass, string> = {
  mobile: 'Mobile',
  website: 'Website',
  tab: 'Tablet',
  tv: 'Smart TV',
};

/**
 * A plan's new terms (D43): its price in rupees, validity, devices, highest resolution and screens at
 * once, from now or from a day. The API checks the same again and answers PLAN_CHANGE_IN_PAST for a
 * moment gone.
 */
export const PLAN_TERMS_FORM: FormDescription<PlanTermsFormContext> = {
  fields: [
    {
      name: 'planKey',
      label: 'Plan',
      kind: 'select',
      options: PLAN_KEYS,
      optionLabel: planName,
    },
    {
      name: 'price',
      label: 'Price (₹)',
      says: 'Price',
      kind: 'text',
      required: true,
      placeholder: '99',
      hint: 'Rupees, GST included; up to two decimals',
    },
    {
      name: 'validityMonths',
      label: 'Validity (months)',
      says: 'Validity',
      kind: 'text',
      inputMode: 'numeric',
      required: true,
      rule: 'whole-number',
      hint: `1 to ${MAX_PLAN_VALIDITY_MONTHS}`,
    },
    {
      name: 'devices',
      label: 'Devices',
      kind: 'choices',
      required: true,
      options: DEVICE_CLASSES,
      optionLabel: (device) => DEVICE_LABELS[device as DeviceClass],
    },
    {
      name: 'maxResolution',
      label: 'Highest resolution',
      kind: 'select',
      options: PLAN_RESOLUTIONS.map(String),
      optionLabel: (resolution) => `${resolution}p`,
    },
    {
      name: 'maxStreams',
      label: 'Screens at once',
      kind: 'text',
      inputMode: 'numeric',
      required: true,
      rule: 'whole-number',
      hint: `1 to ${MAX_PLAN_STREAMS}`,
    },
    {
      name: 'takesEffect',
      label: 'Takes effect',
      kind: 'select',
      options: ['now', 'day'],
      optionLabel: (when) => (when === 'now' ? 'Now' : 'From a day'),
    },
    {
      name: 'effectiveDay',
      label: 'From',
      kind: 'date',
      anyDay: true,
      required: ({ takesEffect }) => takesEffect === 'day',
      hint: ({ takesEffect }) =>
        takesEffect === 'day' ? 'From midnight in India; orders made before keep their terms' : 'Not used',
    },
  ],
  main: [
    {
      title: 'Terms',
      items: [['planKey', 'price'], ['validityMonths', 'maxStreams'], 'maxResolution', 'devices'],
    },
    { title: 'When', items: [['takesEffect', 'effectiveDay']] },
  ],
  side: [],
};

/** The form for a plan, filled with its terms now, to take effect now. */
export function planTermsFormOf(view: AdminPlanView): PlanTermsFormValues {
  const { current } = view;
  return {
    planKey: view.planKey,
    price: current.amount % 100 ? (current.amount / 100).toFixed(2) : String(current.amount / 100),
    validityMonths: String(current.validityMonths),
    devices: [...current.devices],
    maxResolution: String(current.maxResolution),
    maxStreams: String(current.maxStreams),
    takesEffect: 'now',
    effectiveDay: '',
  };
}

/** Every field's message: the kit's checks, then the terms' own (price, ranges, a day to come). */
export function checkPlanTermsForm(values: PlanTermsFormValues, now: Date): FieldErrors {
  const errors = checkFields(PLAN_TERMS_FORM.fields, (name) => values[name as keyof PlanTermsFormValues], {
    now,
    takesEffect: values.takesEffect,
  });
  if (!errors.price && !RUPEE_PRICE.test(values.price.trim()))
    errors.price = 'Use rupees above 0, with at most two decimals';
  if (!errors.validityMonths && Number(values.validityMonths) > MAX_PLAN_VALIDITY_MONTHS)
    errors.validityMonths = `Validity must be from 1 to ${MAX_PLAN_VALIDITY_MONTHS} months`;
  if (!errors.maxStreams && Number(values.maxStreams) > MAX_PLAN_STREAMS)
    errors.maxStreams = `Screens at once must be from 1 to ${MAX_PLAN_STREAMS}`;
  if (values.takesEffect === 'day' && !errors.effectiveDay && values.effectiveDay <= todayInIndia(now))
    errors.effectiveDay = 'Choose a day after today, or Now';
  return errors;
}

/** The API's body (`POST /api/admin/plans/:planKey/changes`): numbers as numbers, a day as its Indian midnight. */
export function planTermsBody(values: PlanTermsFormValues) {
  return {
    price: values.price.trim(),
    validityMonths: Number(values.validityMonths.trim()),
    devices: values.devices,
    maxResolution: Number(values.maxResolution),
    maxStreams: Number(values.maxStreams.trim()),
    effectiveFrom:
      values.takesEffect === 'now' ? 'now' : startOfIndiaDay(values.effectiveDay.trim()).toISOString(),
  };
}
