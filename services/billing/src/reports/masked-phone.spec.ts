import { maskPhoneNumber } from './masked-phone';

describe('a payment’s number on the dashboard', () => {
  it('keeps the first two and last three digits', () => {
    expect(maskPhoneNumber('+919876543210')).toBe('+91 98•••••210');
  });

  it('shows nothing of an anonymised payment, and no digit of a number it does not recognise', () => {
    expect(maskPhoneNumber(null)).toBeNull();
    expect(maskPhoneNumber('9876543210')).toBe('•••••');
  });
});
