import { DomainError, ErrorCode, HTTP_STATUS_BY_CODE } from './errors';
import { maskPhoneNumber, parseIndianMobile, returnPathFrom, STORED_PHONE_NUMBER } from './identity';

describe('the phone rule (DECISIONS D4)', () => {
  it('takes 10 digits starting 6-9, with or without +91, and stores +91 and the 10 digits', () => {
    expect(parseIndianMobile('9876543210')).toBe('+919876543210');
    expect(parseIndianMobile('+919876543210')).toBe('+919876543210');
    expect(parseIndianMobile(' 98765 43210 ')).toBe('+919876543210');
    expect(parseIndianMobile('6000000000')).toBe('+916000000000');
    expect(STORED_PHONE_NUMBER.test(parseIndianMobile('7000000000')!)).toBe(true);
  });

  it('refuses anything else', () => {
    for (const bad of [
      '5876543210',
      '987654321',
      '98765432101',
      '+929876543210',
      '919876543210',
      '98765-43210',
      '',
      42,
    ])
      expect(parseIndianMobile(bad)).toBeUndefined();
  });
});

describe('sign-in errors', () => {
  it('carry the wait of a refusal over the wire', () => {
    const refusal = DomainError.retryLater(
      ErrorCode.RATE_LIMITED,
      'Too many requests. Please try again later.',
      59.2,
    );
    expect(refusal.toBody()).toEqual({
      code: ErrorCode.RATE_LIMITED,
      message: 'Too many requests. Please try again later.',
      retryAfterSeconds: 60,
    });
    expect(DomainError.fromBody(JSON.parse(JSON.stringify(refusal.toBody()))).retryAfterSeconds).toBe(60);
  });

  it('answer 401 for every token problem, so the web app knows to renew or sign in again', () => {
    for (const code of [
      ErrorCode.TOKEN_INVALID,
      ErrorCode.TOKEN_EXPIRED,
      ErrorCode.TOKEN_REVOKED,
      ErrorCode.INVALID_CREDENTIALS,
    ])
      expect(HTTP_STATUS_BY_CODE[code]).toBe(401);
    for (const code of [
      ErrorCode.OTP_INVALID,
      ErrorCode.OTP_EXPIRED,
      ErrorCode.OTP_NOT_REQUESTED,
      ErrorCode.INVALID_PHONE_NUMBER,
    ])
      expect(HTTP_STATUS_BY_CODE[code]).toBe(400);
    expect(HTTP_STATUS_BY_CODE[ErrorCode.ACCOUNT_LOCKED]).toBe(429);
  });
});

describe('returning after sign-in', () => {
  it('goes back only to a page of this site that is not a login page', () => {
    expect(returnPathFrom('/subscribe')).toBe('/subscribe');
    expect(returnPathFrom('/checkout?plan=gold')).toBe('/checkout?plan=gold');
    expect(returnPathFrom('/admin/movies')).toBe('/admin/movies');
    for (const elsewhere of [
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      '/login',
      '/verify-otp',
      '/admin',
      7,
      null,
    ])
      expect(returnPathFrom(elsewhere)).toBeNull();
  });
});

describe('a masked number in the back office’s lists (issue 19)', () => {
  it('keeps the country code, the first two and the last three digits', () => {
    expect(maskPhoneNumber('+919876543210')).toBe('+91 98•••••210');
    expect(maskPhoneNumber('+916000000001')).toBe('+91 60•••••001');
  });

  it('hides the five digits between, so no two numbers of a block can be told apart by them', () => {
    expect(maskPhoneNumber('+919812345210')).toBe(maskPhoneNumber('+919876543210'));
    expect(maskPhoneNumber('+919876543210')).not.toMatch(/76543/);
  });

  it('shows no digit of a number it does not recognise', () => {
    for (const odd of ['9876543210', '+91987654321', '+9198765432100', '+449876543210', ''])
      expect(maskPhoneNumber(odd)).toBe('•••••');
  });
});
