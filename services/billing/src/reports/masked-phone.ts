/**
 * A number as the dashboard may show it beside a payment: enough to tell viewers apart at a glance, not
 * enough to call them. `+919876543210` → `+91 98•••••210`.
 */
export function maskPhoneNumber(phoneNumber: string | null): string | null {
  if (!phoneNumber) return null;
  const match = /^\+91(\d{2})\d{5}(\d{3})$/.exec(phoneNumber);
  return match ? `+91 ${match[1]}•••••${match[2]}` : '•••••';
}
