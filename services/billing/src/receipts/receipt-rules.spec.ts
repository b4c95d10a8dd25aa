import { formatRupees, splitGst } from '@chitram/contracts';
import { financialYear, receiptNumber } from './receipt-rules';
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
