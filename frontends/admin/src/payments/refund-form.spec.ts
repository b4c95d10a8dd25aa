import { paiseOf, refundFormErrors, rupeesText } from './refund-form';

describe('the refund form (D39)', () => {
  it('reads rupees as typed, in paise', () => {
    expect(paiseOf('299')).toBe(29900);
    expect(paiseOf('₹ 1,234.5')).toBe(123450);
    expect(paiseOf('99.09')).toBe(9909);
    expect(paiseOf('1.234')).toBeNull();
    expect(paiseOf('-5')).toBeNull();
    expect(paiseOf('')).toBeNull();
    expect(rupeesText(9909)).toBe('99.09');
  });

  it('refuses more than is left, less than ₹1, and no reason', () => {
    expect(refundFormErrors({ rupees: '299', reason: 'Asked within a week' }, 29900)).toEqual({});
    expect(refundFormErrors({ rupees: '299.01', reason: 'x' }, 29900).rupees).toBe(
      'At most ₹299.00 is left to refund.',
    );
    expect(refundFormErrors({ rupees: '0.50', reason: 'x' }, 29900).rupees).toBe(
      'A refund is at least ₹1.00.',
    );
    expect(refundFormErrors({ rupees: '0.50', reason: 'x' }, 50)).toEqual({});
    expect(refundFormErrors({ rupees: 'ten', reason: ' ' }, 29900)).toEqual({
      rupees: 'Enter an amount in rupees, such as 299 or 149.50.',
      reason: 'Say why: the credit note prints the reason.',
    });
  });
});
