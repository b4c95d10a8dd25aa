import { generateOtp, OtpHasher } from './otp-code';

describe('OTP codes', () => {
  it('are six digits, leading zeros kept, spread over the whole range', () => {
    const codes = Array.from({ length: 2000 }, generateOtp);
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(1990);
    // Roughly a tenth start with each digit, 0 included.
    const firstZero = codes.filter((c) => c.startsWith('0')).length;
    expect(firstZero).toBeGreaterThan(100);
    expect(firstZero).toBeLessThan(320);
  });

  it('are kept as an HMAC bound to the number and the secret', () => {
    const hasher = new OtpHasher('secret-one');
    const stored = hasher.hash('+919876543210', '123456');
    expect(stored).toMatch(/^[0-9a-f]{64}$/);
    expect(stored).not.toContain('123456');
    expect(hasher.matches('+919876543210', '123456', stored)).toBe(true);
    expect(hasher.matches('+919876543210', '123457', stored)).toBe(false);
    expect(hasher.matches('+919876543211', '123456', stored)).toBe(false);
    expect(new OtpHasher('secret-two').matches('+919876543210', '123456', stored)).toBe(false);
    expect(hasher.matches('+919876543210', '123456', 'not-hex')).toBe(false);
  });
});
