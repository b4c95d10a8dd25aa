import { IST_OFFSET_MS } from '@chitram/contracts';

/** India's financial year of a moment, April to March in IST: 15 Jan 2027 → '2026-27'. */
export function financialYear(at: Date): string {
  const local = new Date(at.getTime() + IST_OFFSET_MS);
  const year = local.getUTCMonth() >= 3 ? local.getUTCFullYear() : local.getUTCFullYear() - 1;
  return `${year}-${String((year + 1) % 100).padStart(2, '0')}`;
}

/** Receipt numbers run from 1 in each financial year (D18): `CH/2026-27/000042`. */
export function receiptNumber(year: string, sequence: number): string {
  return `CH/${year}/${String(sequence).padStart(6, '0')}`;
}
