import { compact, type FieldErrors, serverFieldErrors } from '../catalog/form-rules';
import { PARTNER_EMAIL_MAX, PARTNER_NAME_MAX, PARTNER_PHONE, type Partner } from './types';

/** The partner form's fields, as the API names them. */
export interface PartnerFormValues {
  name: string;
  contactPerson: string;
  email: string;
  phone: string;
  /** As typed: a number from 0 to 100, up to two decimals. */
  revenueSharePercent: string;
}

export type PartnerField = keyof PartnerFormValues;

export function emptyPartnerForm(): PartnerFormValues {
  return { name: '', contactPerson: '', email: '', phone: '', revenueSharePercent: '' };
}

export function partnerFormFromPartner(partner: Partner): PartnerFormValues {
  return {
    name: partner.name,
    contactPerson: partner.contactPerson,
    email: partner.email,
    phone: partner.phone,
    revenueSharePercent: String(partner.revenueSharePercent),
  };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PERCENT = /^\d{1,3}(\.\d{1,2})?$/;

function nameProblem(value: string, label: string): string | undefined {
  const text = value.trim();
  if (!text) return `${label} is required`;
  if (text.length < 2) return `${label} must be at least 2 characters`;
  if (text.length > PARTNER_NAME_MAX) return `${label} must be at most ${PARTNER_NAME_MAX} characters`;
  return undefined;
}

/** The same rules the API holds to, so most mistakes are shown before sending. */
export function validatePartnerForm(values: PartnerFormValues): FieldErrors<PartnerField> {
  const email = values.email.trim();
  const percent = values.revenueSharePercent.trim();
  return compact({
    name: nameProblem(values.name, 'Name'),
    contactPerson: nameProblem(values.contactPerson, 'Contact person'),
    email: !email
      ? 'E-mail is required'
      : email.length > PARTNER_EMAIL_MAX || !EMAIL.test(email)
        ? 'Enter an e-mail address'
        : undefined,
    phone: !values.phone.trim()
      ? 'Phone is required'
      : PARTNER_PHONE.test(values.phone.trim())
        ? undefined
        : 'Enter a phone number (digits, spaces, +, - and brackets)',
    revenueSharePercent: !percent
      ? 'Revenue share is required'
      : PERCENT.test(percent) && Number(percent) <= 100
        ? undefined
        : 'Enter a share from 0 to 100, with up to two decimals',
  });
}

/** The JSON the API takes; for an edit, only the fields that changed. */
export function partnerBody(
  values: PartnerFormValues,
  before?: PartnerFormValues,
): Partial<Record<PartnerField, string | number>> {
  const body: Partial<Record<PartnerField, string | number>> = {};
  for (const field of Object.keys(values) as PartnerField[]) {
    const value = values[field].trim();
    if (before && before[field].trim() === value) continue;
    body[field] = field === 'revenueSharePercent' ? Number(value) : value;
  }
  return body;
}

/** The API's field messages (VALIDATION_FAILED, CONFLICT) on the form's fields. */
export function partnerServerErrors(fields: Record<string, string[]> | undefined): FieldErrors<PartnerField> {
  return serverFieldErrors(fields);
}
