import type { CreditNoteView, ReceiptView, SellerDetails, TaxLine } from '@chitram/contracts';
import PDFDocument from 'pdfkit';

const IST_DATE = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeZone: 'Asia/Kolkata' });
const IST_DATE_TIME = new Intl.DateTimeFormat('en-IN', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Kolkata',
});
/** The standard PDF fonts have no ₹ sign, so amounts read 'INR 1,200.00'. */
const AMOUNT = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function inr(paise: number): string {
  return `INR ${AMOUNT.format(paise / 100)}`;
}

/** `CH/2026-27/000042` → `chitram-receipt-CH-2026-27-000042.pdf`. */
export function receiptFileName(number: string): string {
  return `chitram-receipt-${number.replace(/\//g, '-')}.pdf`;
}

const stateLine = (state: { name: string; code: string }) => `${state.name} (${state.code})`;

/** `CN/2026-27/000001` → `chitram-credit-note-CN-2026-27-000001.pdf`. */
export function creditNoteFileName(number: string): string {
  return `chitram-credit-note-${number.replace(/\//g, '-')}.pdf`;
}

/** What a GST document (tax invoice or credit note) prints, in the same layout (D32). */
interface TaxDocument {
  /** 'Tax invoice' or 'Credit note'. */
  title: string;
  number: string;
  seller: SellerDetails;
  facts: Array<[string, string]>;
  /** The lines above the taxable value: description, SAC (if any) and amount. */
  lines: Array<{ label: string; sac?: string; amount: string }>;
  taxableValue: number;
  taxes: TaxLine[];
  totalLabel: string;
  total: number;
  amountInWords: string;
  footer: string;
}

function renderTaxDocument(document: TaxDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 56,
      info: {
        Title: `${document.title} ${document.number}`,
        Author: document.seller.name,
        Subject: document.title,
      },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    const left = doc.page.margins.left;
    const right = doc.page.width - doc.page.margins.right;
    const { seller } = document;

    doc.font('Helvetica-Bold').fontSize(20).text('Chitram', { continued: false });
    doc.font('Helvetica-Bold').fontSize(10).fillColor('#222222').text(seller.name);
    doc.font('Helvetica').fillColor('#444444');
    doc.text(seller.address);
    doc.text(`GSTIN ${seller.gstin}  ·  State: ${stateLine(seller.state)}`);
    doc.text(seller.email);
    doc.moveDown(1.5);

    doc.fillColor('#000000').font('Helvetica-Bold').fontSize(16).text(document.title);
    doc.moveDown(0.5);
    doc.fontSize(10);
    for (const [label, value] of document.facts)
      doc.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(value);
    doc.moveDown(1.5);

    const line = () => {
      doc.moveTo(left, doc.y).lineTo(right, doc.y).strokeColor('#999999').stroke();
      doc.moveDown(0.4);
    };
    const columns = { sac: left + 300, amount: left + 370 };
    const row = (label: string, value: string, options: { bold?: boolean; sac?: string } = {}) => {
      const y = doc.y;
      doc.font(options.bold ? 'Helvetica-Bold' : 'Helvetica').text(label, left, y, { width: 290 });
      const bottom = doc.y;
      if (options.sac) doc.text(options.sac, columns.sac, y, { width: 60 });
      doc.text(value, columns.amount, y, { width: right - columns.amount, align: 'right' });
      doc.y = Math.max(bottom, doc.y);
      doc.moveDown(0.4);
    };
    row('Description', 'Amount', { bold: true, sac: 'SAC' });
    line();
    for (const entry of document.lines) row(entry.label, entry.amount, { sac: entry.sac });
    line();
    row('Taxable value', inr(document.taxableValue));
    for (const tax of document.taxes) row(`${tax.name} @ ${tax.ratePercent}%`, inr(tax.amount));
    line();
    row(document.totalLabel, inr(document.total), { bold: true });
    doc.moveDown(0.5);
    doc.font('Helvetica-Bold').text('Amount in words: ', left, doc.y, { continued: true });
    doc.font('Helvetica').text(document.amountInWords);
    doc.moveDown(2);
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor('#555555')
      .text(document.footer, left, doc.y, {
        width: right - left,
      });
    doc.end();
  });
}

const validity = (from: string, till: string) =>
  `valid ${IST_DATE.format(new Date(from))} to ${IST_DATE.format(new Date(till))}`;

/**
 * A GST tax invoice as an A4 PDF (DECISIONS D18, D32): the supplier with its GSTIN and state, the
 * viewer's number and state, the place of supply, the service with its SAC and validity, an upgrade's
 * credit as a discount (D38), the taxable value, CGST + SGST or IGST, and the total in figures and words.
 */
export function renderReceiptPdf(receipt: ReceiptView): Promise<Buffer> {
  const service = `${receipt.planName}: online video content, ${validity(receipt.validFrom, receipt.validTill)}`;
  const place = receipt.placeOfSupply ?? receipt.seller.state;
  return renderTaxDocument({
    title: 'Tax invoice',
    number: receipt.number,
    seller: receipt.seller,
    facts: [
      ['Invoice number', receipt.number],
      ['Invoice date', IST_DATE_TIME.format(new Date(receipt.issuedAt))],
      ['Customer', receipt.phoneNumber ?? 'Deleted account'],
      ['Customer’s state', receipt.placeOfSupply ? stateLine(receipt.placeOfSupply) : 'Not recorded'],
      ['Place of supply', stateLine(place)],
      ['Reverse charge', 'No'],
      ['Payment id', receipt.paymentId],
      ['Order id', receipt.orderId],
    ],
    lines:
      receipt.credit || receipt.discount
        ? [
            // The plan's price, an upgrade's credit (D38) and a coupon (D33) as discounts, GST on the rest.
            { label: `${service} (price, GST included)`, sac: receipt.sac, amount: inr(receipt.listPrice) },
            ...(receipt.credit
              ? [
                  {
                    label: `Less: credit for unused days of your ${receipt.credit.planName}`,
                    amount: `- ${inr(receipt.credit.amount)}`,
                  },
                ]
              : []),
            ...(receipt.discount
              ? [
                  {
                    label: `Less: coupon ${receipt.discount.code}`,
                    amount: `- ${inr(receipt.discount.amount)}`,
                  },
                ]
              : []),
          ]
        : [{ label: service, sac: receipt.sac, amount: inr(receipt.taxableValue) }],
    taxableValue: receipt.taxableValue,
    taxes: receipt.taxes,
    totalLabel: 'Total',
    total: receipt.amount,
    amountInWords: receipt.amountInWords,
    footer:
      'Prices include GST. Plans are prepaid and do not renew by themselves; see the Refund and ' +
      'Cancellation policy. This is a computer-generated invoice and needs no signature. Subject to ' +
      'the jurisdiction of Hyderabad.',
  });
}

/**
 * A credit note as an A4 PDF (D32): what a refund takes back of a tax invoice, referring to it, with
 * the same place of supply and tax split, in figures and in words.
 */
export function renderCreditNotePdf(note: CreditNoteView): Promise<Buffer> {
  return renderTaxDocument({
    title: 'Credit note',
    number: note.number,
    seller: note.seller,
    facts: [
      ['Credit note number', note.number],
      ['Date', IST_DATE_TIME.format(new Date(note.issuedAt))],
      [
        'Against tax invoice',
        `${note.invoice.number} of ${IST_DATE.format(new Date(note.invoice.issuedAt))}`,
      ],
      ['Customer', note.phoneNumber ?? 'Deleted account'],
      ['Place of supply', stateLine(note.placeOfSupply ?? note.seller.state)],
      ['Reason', note.reason],
    ],
    lines: [
      {
        label: `${note.planName}: online video content, refund`,
        sac: note.sac,
        amount: inr(note.taxableValue),
      },
    ],
    taxableValue: note.taxableValue,
    taxes: note.taxes,
    totalLabel: 'Total credited',
    total: note.amount,
    amountInWords: note.amountInWords,
    footer:
      'This credit note reduces the tax invoice it names by the amounts shown, taxes included. ' +
      'This is a computer-generated document and needs no signature.',
  });
}
