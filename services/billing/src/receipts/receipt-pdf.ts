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

/** A receipt as an A4 PDF (DECISIONS D18): seller, buyer, plan and validity, and the GST inside the price. */
export function renderReceiptPdf(receipt: ReceiptView): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 56,
      info: { Title: `Receipt ${receipt.number}`, Author: receipt.seller.name, Subject: 'Payment receipt' },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    doc.font('Helvetica-Bold').fontSize(20).text('Chitram', { continued: false });
    doc.font('Helvetica').fontSize(10).fillColor('#444444');
    doc.text(receipt.seller.name);
    doc.text(receipt.seller.address);
    doc.text(`GSTIN ${receipt.seller.gstin}  ·  ${receipt.seller.email}`);
    doc.moveDown(1.5);

    doc.fillColor('#000000').font('Helvetica-Bold').fontSize(14).text('Payment receipt (tax invoice)');
    doc.moveDown(0.5);
    doc.font('Helvetica').fontSize(10);
    const facts: Array<[string, string]> = [
      ['Receipt number', receipt.number],
      ['Date', IST_DATE_TIME.format(new Date(receipt.issuedAt))],
      ['Customer', receipt.phoneNumber ?? 'Deleted account'],
      ['Payment id', receipt.paymentId],
      ['Order id', receipt.orderId],
    ];
    for (const [label, value] of facts) {
      doc.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(value);
    }
    doc.moveDown(1.5);

    const left = doc.page.margins.left;
    const right = doc.page.width - doc.page.margins.right;
    const line = () => {
      doc.moveTo(left, doc.y).lineTo(right, doc.y).strokeColor('#999999').stroke();
      doc.moveDown(0.4);
    };
    const row = (label: string, value: string, bold = false) => {
      const y = doc.y;
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').text(label, left, y, { width: 330 });
      doc.text(value, left + 330, y, { width: right - left - 330, align: 'right' });
      doc.moveDown(0.4);
    };
    line();
    row(
      `${receipt.planName}, valid ${IST_DATE.format(new Date(receipt.validFrom))} to ${IST_DATE.format(new Date(receipt.validTill))}`,
      inr(receipt.taxableValue),
    );
    row(`GST @ ${receipt.gstRatePercent}%`, inr(receipt.gst));
    line();
    row('Total paid (GST included)', inr(receipt.amount), true);
    doc.moveDown(2);
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor('#555555')
      .text(
        'Plans are prepaid and do not renew by themselves. Fees are not refundable; see the Refund and ' +
          'Cancellation policy. Subject to the jurisdiction of Hyderabad.',
        left,
        doc.y,
        { width: right - left },
      );
    doc.end();
  });
}
