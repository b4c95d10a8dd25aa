import { formatRupees, splitGst } from '@chitram/contracts';
import {
  amountInWords,
  creditNoteFigures,
  creditNoteNumber,
  financialYear,
  invoiceFigures,
  numberInWords,
  receiptNumber,
} from './receipt-rules';
import { inr, receiptFileName } from './receipt-pdf';

describe('receipts (DECISIONS D18)', () => {
  it('splits every plan price into taxable value and 18% GST that add up to the price', () => {
    for (const rupees of [99, 299, 999, 1200]) {
      const { taxable, gst } = splitGst(rupees * 100);
      expect(taxable + gst).toBe(rupees * 100);
      expect(Math.abs(gst - taxable * 0.18)).toBeLessThan(1);
    }
    expect(splitGst(9900)).toEqual({ taxable: 8390, gst: 1510 });
    expect(splitGst(120000)).toEqual({ taxable: 101695, gst: 18305 });
  });

  it('numbers receipts per Indian financial year, April to March in IST', () => {
    expect(financialYear(new Date('2027-01-15T10:00:00Z'))).toBe('2026-27');
    expect(financialYear(new Date('2026-04-01T00:00:00+05:30'))).toBe('2026-27');
    // 31 March 23:00 IST is still the old year; 18:30 UTC that day is already 1 April in India.
    expect(financialYear(new Date('2027-03-31T23:00:00+05:30'))).toBe('2026-27');
    expect(financialYear(new Date('2027-03-31T18:30:00Z'))).toBe('2027-28');
    expect(financialYear(new Date('2099-06-01T00:00:00Z'))).toBe('2099-00');
    expect(receiptNumber('2026-27', 42)).toBe('CH/2026-27/000042');
  });

  it('writes amounts in the Indian grouping', () => {
    expect(inr(120000)).toBe('INR 1,200.00');
    expect(inr(12345678)).toBe('INR 1,23,456.78');
    expect(formatRupees(9900)).toBe('₹99.00');
    expect(receiptFileName('CH/2026-27/000042')).toBe('chitram-receipt-CH-2026-27-000042.pdf');
  });
});

describe('tax invoices (DECISIONS D32)', () => {
  const prices = [9900, 29900, 99900, 120000, 100, 101, 12345, 99999, 10_000_000];

  it('splits every price into a taxable value and CGST + SGST, equal to the paisa, that add up to it', () => {
    for (const amount of prices) {
      const { taxable, cgst, sgst, igst } = invoiceFigures(amount, true);
      expect(taxable + cgst + sgst).toBe(amount);
      expect(igst).toBe(0);
      expect(cgst).toBe(sgst);
      // Each is 9% of the taxable value, to within a paisa.
      expect(Math.abs(cgst - taxable * 0.09)).toBeLessThanOrEqual(1);
    }
    expect(invoiceFigures(29900, true)).toEqual({ taxable: 25338, cgst: 2281, sgst: 2281, igst: 0 });
    expect(invoiceFigures(120000, true)).toEqual({ taxable: 101694, cgst: 9153, sgst: 9153, igst: 0 });
  });

  it('charges IGST alone between states, adding up to the price', () => {
    for (const amount of prices) {
      const { taxable, cgst, sgst, igst } = invoiceFigures(amount, false);
      expect(taxable + igst).toBe(amount);
      expect(cgst + sgst).toBe(0);
      expect(Math.abs(igst - taxable * 0.18)).toBeLessThan(1);
    }
    expect(invoiceFigures(29900, false)).toEqual({ taxable: 25339, cgst: 0, sgst: 0, igst: 4561 });
    expect(invoiceFigures(120000, false)).toEqual({ taxable: 101695, cgst: 0, sgst: 0, igst: 18305 });
  });

  it('writes the total in words with lakh and crore, rupees and paise', () => {
    expect(amountInWords(120000)).toBe('Rupees One Thousand Two Hundred Only');
    expect(amountInWords(29950)).toBe('Rupees Two Hundred Ninety-Nine and Fifty Paise Only');
    expect(amountInWords(5)).toBe('Rupees Zero and Five Paise Only');
    expect(amountInWords(12345678)).toBe(
      'Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Seventy-Eight Paise Only',
    );
    expect(numberInWords(10_00_00_000)).toBe('Ten Crore');
    expect(numberInWords(1_23_45_67_890)).toBe(
      'One Hundred Twenty-Three Crore Forty-Five Lakh Sixty-Seven Thousand Eight Hundred Ninety',
    );
    expect(numberInWords(100_000)).toBe('One Lakh');
    expect(numberInWords(1011)).toBe('One Thousand Eleven');
  });
});

describe('credit notes (DECISIONS D32)', () => {
  it('numbers them in their own series, and takes back an invoice to the paisa however it is split', () => {
    expect(creditNoteNumber('2026-27', 1)).toBe('CN/2026-27/000001');
    for (const intra of [true, false]) {
      const invoice = invoiceFigures(120000, intra);
      const first = creditNoteFigures(33333, invoice, intra);
      expect(first.taxable + first.cgst + first.sgst + first.igst).toBe(33333);
      const left = {
        taxable: invoice.taxable - first.taxable,
        cgst: invoice.cgst - first.cgst,
        sgst: invoice.sgst - first.sgst,
        igst: invoice.igst - first.igst,
      };
      // The rest takes back exactly what is left of each part: the two notes add up to the invoice.
      expect(creditNoteFigures(120000 - 33333, left, intra)).toEqual(left);
      expect(() => creditNoteFigures(120000 - 33333 + 1, left, intra)).toThrow(RangeError);
    }
  });
});
