import { gstState, IST_OFFSET_MS, type TaxLine } from '@chitram/contracts';

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

/** Credit notes run in their own series from 1 in each financial year (D32): `CN/2026-27/000001`. */
export function creditNoteNumber(year: string, sequence: number): string {
  return `CN/${year}/${String(sequence).padStart(6, '0')}`;
}

/** The taxable value and the taxes of a GST-inclusive amount: what a tax invoice prints (D32). */
export interface InvoiceFigures {
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
}

/**
 * Splits a GST-inclusive amount in paise by the place of supply (D32, 18% in all): within the supplier's
 * state, CGST 9% and SGST 9%, equal to the paisa (the taxable value takes the rounding); between states,
 * IGST 18%. The parts always add up to the amount exactly.
 */
export function invoiceFigures(amount: number, intraState: boolean, ratePercent = 18): InvoiceFigures {
  if (intraState) {
    const half = Math.round((amount * ratePercent) / 2 / (100 + ratePercent));
    return { taxable: amount - 2 * half, cgst: half, sgst: half, igst: 0 };
  }
  const taxable = Math.round((amount * 100) / (100 + ratePercent));
  return { taxable, cgst: 0, sgst: 0, igst: amount - taxable };
}

const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

function belowHundred(n: number): string {
  if (n < 20) return ONES[n];
  return TENS[Math.floor(n / 10)] + (n % 10 ? `-${ONES[n % 10]}` : '');
}

function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  return [hundreds ? `${ONES[hundreds]} Hundred` : '', rest ? belowHundred(rest) : '']
    .filter(Boolean)
    .join(' ');
}

/** A whole number in words with the Indian grouping: 12345678 → 'One Crore Twenty-Three Lakh …'. */
export function numberInWords(n: number): string {
  if (n === 0) return 'Zero';
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  const rest = n % 1000;
  return [
    crore ? `${numberInWords(crore)} Crore` : '',
    lakh ? `${belowHundred(lakh)} Lakh` : '',
    thousand ? `${belowHundred(thousand)} Thousand` : '',
    rest ? belowThousand(rest) : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** An amount in paise in words, as Indian invoices write it: 29950 → 'Rupees Two Hundred Ninety-Nine and Fifty Paise Only'. */
export function amountInWords(paise: number): string {
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  return `Rupees ${numberInWords(rupees)}${rest ? ` and ${belowHundred(rest)} Paise` : ''} Only`;
}

/**
 * A credit note's figures (D32): a refund of what is left of an invoice takes back exactly what is left
 * of each part (so an invoice's notes add up to it to the paisa); a smaller one is split as the invoice
 * was, by its place of supply. `left` is the invoice less the notes already issued on it.
 */
export function creditNoteFigures(amount: number, left: InvoiceFigures, intraState: boolean): InvoiceFigures {
  const leftAmount = left.taxable + left.cgst + left.sgst + left.igst;
  if (amount > leftAmount)
    throw new RangeError(`a credit note of ${amount} paise exceeds the ${leftAmount} left`);
  if (amount === leftAmount) return { ...left };
  return invoiceFigures(amount, intraState);
}

/**
 * A document's tax lines (D32): CGST + SGST (UTGST in a union territory without a legislature) within
 * the supplier's state, IGST otherwise; one GST line on a receipt from before tax invoices.
 */
export function taxLines(
  parts: { placeOfSupply: string | null; supplierStateCode: string | null; ratePercent: number; gst: number },
  figures: Pick<InvoiceFigures, 'cgst' | 'sgst' | 'igst'> | null,
): TaxLine[] {
  if (!parts.placeOfSupply || !parts.supplierStateCode || !figures)
    return [{ name: 'GST', ratePercent: parts.ratePercent, amount: parts.gst }];
  if (parts.placeOfSupply !== parts.supplierStateCode)
    return [{ name: 'IGST', ratePercent: parts.ratePercent, amount: figures.igst }];
  const half = parts.ratePercent / 2;
  return [
    { name: 'CGST', ratePercent: half, amount: figures.cgst },
    {
      name: gstState(parts.supplierStateCode)?.utgst ? 'UTGST' : 'SGST',
      ratePercent: half,
      amount: figures.sgst,
    },
  ];
}
