import type { FieldMessages } from '../components/use-form-values';

/** The refund form's fields as typed: rupees (with paise) and a reason (D39). */
export interface RefundFormValues {
  rupees: string;
  reason: string;
}

/** Rupees as typed ("299", "1,234.5", "₹ 99.90") in paise; null when it is not an amount. */
export function paiseOf(text: string): number | null {
  const cleaned = text.replace(/[₹,\s]/g, '');
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Paise as the form shows them: 29900 → "299.00". */
export function rupeesText(paise: number): string {
  return `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;
}

/** What is wrong with the form, by field: the amount within what is left, at least ₹1, and a reason. */
export function refundFormErrors(values: RefundFormValues, refundable: number): FieldMessages {
  const errors: FieldMessages = {};
  const paise = paiseOf(values.rupees);
  if (paise === null) errors.rupees = 'Enter an amount in rupees, such as 299 or 149.50.';
  else if (paise > refundable) errors.rupees = `At most ₹${rupeesText(refundable)} is left to refund.`;
  else if (paise < Math.min(100, refundable) || paise === 0) errors.rupees = 'A refund is at least ₹1.00.';
  if (!values.reason.trim()) errors.reason = 'Say why: the credit note prints the reason.';
  else if (values.reason.trim().length > 500) errors.reason = 'At most 500 characters.';
  return errors;
}
