import type { ReceiptView } from '@chitram/contracts';
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

/**
 * A GST tax invoice as an A4 PDF (DECISIONS D18, D32): the supplier with its GSTIN and state, the
 * viewer's number and state, the place of supply, the service with its SAC and validity, the taxable
 * value, CGST + SGST or IGST, and the total in figures and in words.
 */
export function renderReceiptPdf(receipt: ReceiptView): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 56,
      info: { Title: `Tax invoice ${receipt.number}`, Author: receipt.seller.name, Subject: 'Tax invoice' },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    const left = doc.page.margins.left;
    const right = doc.page.width - doc.page.margins.right;

    doc.font('Helvetica-Bold').fontSize(20).text('Chitram', { continued: false });
    doc.font('Helvetica-Bold').fontSize(10).fillColor('#222222').text(receipt.seller.name);
    doc.font('Helvetica').fillColor('#444444');
    doc.text(receipt.seller.address);
    doc.text(`GSTIN ${receipt.seller.gstin}  ·  State: ${stateLine(receipt.seller.state)}`);
    doc.text(receipt.seller.email);
    doc.moveDown(1.5);

    doc.fillColor('#000000').font('Helvetica-Bold').fontSize(16).text('Tax invoice');
    doc.moveDown(0.5);
    doc.fontSize(10);
    const facts: Array<[string, string]> = [
      ['Invoice number', receipt.number],
      ['Invoice date', IST_DATE_TIME.format(new Date(receipt.issuedAt))],
      ['Customer', receipt.phoneNumber ?? 'Deleted account'],
      ['Customer’s state', receipt.placeOfSupply ? stateLine(receipt.placeOfSupply) : 'Not recorded'],
      [
        'Place of supply',
        receipt.placeOfSupply ? stateLine(receipt.placeOfSupply) : stateLine(receipt.seller.state),
      ],
      ['Reverse charge', 'No'],
      ['Payment id', receipt.paymentId],
      ['Order id', receipt.orderId],
    ];
    for (const [label, value] of facts) {
      doc.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(value);
    }
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
    doc.font('Helvetica-Bold');
    row('Description', 'Amount', { bold: true, sac: 'SAC' });
    line();
    const service = `${receipt.planName}: online video content, valid ${IST_DATE.format(new Date(receipt.validFrom))} to ${IST_DATE.format(new Date(receipt.validTill))}`;
    if (receipt.credit) {
      // An upgrade (D37): the plan's price, the credit for the unused days as a discount, GST on the rest.
      row(`${service} (price, GST included)`, inr(receipt.listPrice), { sac: receipt.sac });
      row(
        `Less: credit for unused days of your ${receipt.credit.planName}`,
        `- ${inr(receipt.credit.amount)}`,
      );
    } else row(service, inr(receipt.taxableValue), { sac: receipt.sac });
    line();
    row('Taxable value', inr(receipt.taxableValue));
    for (const tax of receipt.taxes) row(`${tax.name} @ ${tax.ratePercent}%`, inr(tax.amount));
    line();
    row('Total', inr(receipt.amount), { bold: true });
    doc.moveDown(0.5);
    doc.font('Helvetica-Bold').text('Amount in words: ', left, doc.y, { continued: true });
    doc.font('Helvetica').text(receipt.amountInWords);
    doc.moveDown(2);
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor('#555555')
      .text(
        'Prices include GST. Plans are prepaid and do not renew by themselves; see the Refund and ' +
          'Cancellation policy. This is a computer-generated invoice and needs no signature. Subject to ' +
          'the jurisdiction of Hyderabad.',
        left,
        doc.y,
        { width: right - left },
      );
    doc.end();
  });
}
