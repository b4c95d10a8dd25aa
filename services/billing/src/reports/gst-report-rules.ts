import { gstState, IST_OFFSET_MS } from '@chitram/contracts';

/** A tax invoice or a credit note as the GST reports read it; amounts in paise, as issued (positive). */
export interface GstDocument {
  kind: 'invoice' | 'credit-note';
  number: string;
  issuedAt: Date;
  /** A credit note's invoice. */
  invoiceNumber: string | null;
  placeOfSupply: string;
  ratePercent: number;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  /** A credit note's reason. */
  reason: string | null;
}

/** A month in India (`2026-11`) as the moments it runs between: from its first midnight in IST to the next month's. */
export function monthInIndia(month: string): { from: Date; to: Date } {
  const [year, number] = month.split('-').map(Number);
  const from = Date.UTC(year, number - 1, 1) - IST_OFFSET_MS;
  const to = Date.UTC(year, number, 1) - IST_OFFSET_MS;
  return { from: new Date(from), to: new Date(to) };
}

/** One line of the summary: B2C supplies of a place of supply at a rate, credit notes subtracted. */
export interface GstSummaryLine {
  placeOfSupply: string;
  ratePercent: number;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  invoices: number;
  creditNotes: number;
}

/** A credit note counts against its place of supply and rate: what it takes back is subtracted. */
export function gstSummary(documents: GstDocument[]): GstSummaryLine[] {
  const lines = new Map<string, GstSummaryLine>();
  for (const doc of documents) {
    const key = `${doc.placeOfSupply}:${doc.ratePercent}`;
    const line = lines.get(key) ?? {
      placeOfSupply: doc.placeOfSupply,
      ratePercent: doc.ratePercent,
      taxable: 0,
      cgst: 0,
      sgst: 0,
      igst: 0,
      invoices: 0,
      creditNotes: 0,
    };
    const sign = doc.kind === 'invoice' ? 1 : -1;
    line.taxable += sign * doc.taxable;
    line.cgst += sign * doc.cgst;
    line.sgst += sign * doc.sgst;
    line.igst += sign * doc.igst;
    if (doc.kind === 'invoice') line.invoices++;
    else line.creditNotes++;
    lines.set(key, line);
  }
  return [...lines.values()].sort(
    (a, b) => a.placeOfSupply.localeCompare(b.placeOfSupply) || a.ratePercent - b.ratePercent,
  );
}

/** Paise as rupees with two decimals, the sign kept: -12345 → '-123.45'. */
export function rupees(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const whole = Math.abs(paise);
  return `${sign}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}

/** A CSV field: quoted when it must be, and text a spreadsheet would run as a formula made plain. */
function field(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text))
    text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function csv(rows: Array<Array<string | number>>): string {
  return rows.map((row) => row.map(field).join(',')).join('\r\n') + '\r\n';
}

const stateName = (code: string) => gstState(code)?.name ?? code;
const indiaDate = (at: Date) => new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);

/**
 * The monthly GST summary (D39): B2C supplies (all of Chitram's are to unregistered viewers, under the
 * B2C limit: GSTR-1's B2CS) by place of supply and rate, taxable value and each tax in rupees, credit
 * notes of the month subtracted, and a total line.
 */
export function gstSummaryCsv(month: string, documents: GstDocument[]): string {
  const lines = gstSummary(documents);
  const total = (pick: (line: GstSummaryLine) => number) => lines.reduce((sum, line) => sum + pick(line), 0);
  return csv([
    [
      'Month',
      'Type',
      'Place of supply code',
      'Place of supply',
      'Rate %',
      'Taxable value',
      'CGST',
      'SGST/UTGST',
      'IGST',
      'Total',
      'Invoices',
      'Credit notes',
    ],
    ...lines.map((line) => [
      month,
      'B2CS',
      line.placeOfSupply,
      stateName(line.placeOfSupply),
      line.ratePercent,
      rupees(line.taxable),
      rupees(line.cgst),
      rupees(line.sgst),
      rupees(line.igst),
      rupees(line.taxable + line.cgst + line.sgst + line.igst),
      line.invoices,
      line.creditNotes,
    ]),
    [
      month,
      'Total',
      '',
      '',
      '',
      rupees(total((l) => l.taxable)),
      rupees(total((l) => l.cgst)),
      rupees(total((l) => l.sgst)),
      rupees(total((l) => l.igst)),
      rupees(total((l) => l.taxable + l.cgst + l.sgst + l.igst)),
      total((l) => l.invoices),
      total((l) => l.creditNotes),
    ],
  ]);
}

/** The invoice register (D39): every invoice and credit note of the month in order, a credit note's figures negative. */
export function invoiceRegisterCsv(documents: GstDocument[]): string {
  const ordered = [...documents].sort(
    (a, b) => a.issuedAt.getTime() - b.issuedAt.getTime() || a.number.localeCompare(b.number),
  );
  return csv([
    [
      'Document',
      'Number',
      'Date',
      'Invoice number',
      'Place of supply code',
      'Place of supply',
      'Rate %',
      'Taxable value',
      'CGST',
      'SGST/UTGST',
      'IGST',
      'Total',
      'Reason',
    ],
    ...ordered.map((doc) => {
      const sign = doc.kind === 'invoice' ? 1 : -1;
      return [
        doc.kind === 'invoice' ? 'Tax invoice' : 'Credit note',
        doc.number,
        indiaDate(doc.issuedAt),
        doc.invoiceNumber ?? '',
        doc.placeOfSupply,
        stateName(doc.placeOfSupply),
        doc.ratePercent,
        rupees(sign * doc.taxable),
        rupees(sign * doc.cgst),
        rupees(sign * doc.sgst),
        rupees(sign * doc.igst),
        rupees(sign * (doc.taxable + doc.cgst + doc.sgst + doc.igst)),
        doc.reason ?? '',
      ];
    }),
  ]);
}
