import {
  formatPhoneNumber,
  otpDigitsFrom,
  phoneDigitsFrom,
  phoneNumberFrom,
  secondsUntil,
  sendButton,
  sendFailureMessage,
  signInFlowFrom,
  verifyFailureMessage,
} from './sign-in-rules';

describe('mobile number (SPEC §5, DECISIONS D4)', () => {
  it('keeps digits only, at most ten', () => {
    expect(phoneDigitsFrom('98765-4321a0')).toBe('9876543210');
    expect(phoneDigitsFrom('987654321099')).toBe('9876543210');
    expect(phoneDigitsFrom('abc')).toBe('');
  });

  it('drops a pasted +91 or leading 0, since +91 is fixed beside the field', () => {
    expect(phoneDigitsFrom('+91 98765 43210')).toBe('9876543210');
    expect(phoneDigitsFrom('09876543210')).toBe('9876543210');
    // Ten digits that merely start with 91 are a number, not a prefix.
    expect(phoneDigitsFrom('9198765432')).toBe('9198765432');
  });

  it('sends a 10-digit mobile number starting 6–9 as +91…', () => {
    expect(phoneNumberFrom('9876543210')).toBe('+919876543210');
    expect(phoneNumberFrom('6000000000')).toBe('+916000000000');
    expect(phoneNumberFrom('5876543210')).toBeNull();
    expect(phoneNumberFrom('987654321')).toBeNull();
  });

  it('reads the number back spaced', () => {
    expect(formatPhoneNumber('+919876543210')).toBe('+91 98765 43210');
  });
});

describe('one-time code field (SPEC §5)', () => {
  it('takes digits only, up to six', () => {
    expect(otpDigitsFrom('12a3 45')).toBe('12345');
    expect(otpDigitsFrom('1234567')).toBe('123456');
  });
});

describe('send button and countdown (SPEC §4.3)', () => {
  const idle = { digits: '9876543210', sending: false, secondsLeft: 0, idleLabel: 'Send OTP' };

  it('is disabled while the field is empty', () => {
    expect(sendButton({ ...idle, digits: '' })).toEqual({ disabled: true, label: 'Send OTP' });
    expect(sendButton(idle)).toEqual({ disabled: false, label: 'Send OTP' });
  });

  it("reads 'Sending OTP' while sending and counts down after a send", () => {
    expect(sendButton({ ...idle, sending: true })).toEqual({ disabled: true, label: 'Sending OTP' });
    expect(sendButton({ ...idle, secondsLeft: 60 })).toEqual({ disabled: true, label: 'Resend OTP in 60' });
  });

  it('counts whole seconds down to zero from the moment of the send', () => {
    const sentAt = 1_000_000;
    const resendAt = sentAt + 60_000;
    expect(secondsUntil(resendAt, sentAt)).toBe(60);
    expect(secondsUntil(resendAt, sentAt + 1)).toBe(60);
    expect(secondsUntil(resendAt, sentAt + 1_000)).toBe(59);
    expect(secondsUntil(resendAt, sentAt + 59_001)).toBe(1);
    expect(secondsUntil(resendAt, sentAt + 60_000)).toBe(0);
    expect(secondsUntil(resendAt, sentAt + 90_000)).toBe(0);
    expect(secondsUntil(null, sentAt)).toBe(0);
  });
});

describe('messages (SPEC §8 with DECISIONS D15)', () => {
  it('names a bad number, a rate limit, or a failed send', () => {
    expect(sendFailureMessage('INVALID_PHONE_NUMBER')).toBe('Invalid phone number. Please check the number');
    expect(sendFailureMessage('VALIDATION_FAILED')).toBe('Invalid phone number. Please check the number');
    expect(sendFailureMessage('RATE_LIMITED')).toBe('Too many requests. Please try again later.');
    expect(sendFailureMessage('SERVICE_UNAVAILABLE')).toBe('Failed to send OTP. Please try again.');
    expect(sendFailureMessage('NETWORK')).toBe('Failed to send OTP. Please try again.');
  });

  it('says a wrong code failed, and passes on why an expired or exhausted one did', () => {
    expect(verifyFailureMessage({ code: 'OTP_INVALID', message: 'x' })).toBe('Failed to verify OTP.');
    expect(verifyFailureMessage({ code: 'NETWORK', message: 'x' })).toBe('Failed to verify OTP.');
    expect(verifyFailureMessage({ code: 'OTP_NOT_REQUESTED', message: 'x' })).toBe(
      'Please request OTP first',
    );
    expect(
      verifyFailureMessage({
        code: 'OTP_EXPIRED',
        message: 'This OTP has expired. Please request a new one.',
      }),
    ).toBe('This OTP has expired. Please request a new one.');
  });
});

describe('the login flow across /login and /verify-otp (DECISIONS D9)', () => {
  it('carries the number and the resend time', () => {
    expect(signInFlowFrom({ phoneNumber: '+919876543210', resendAt: 5 })).toEqual({
      phoneNumber: '+919876543210',
      resendAt: 5,
      returnTo: null,
    });
  });

  it('returns to the page that asked for sign-in, on this site only', () => {
    expect(signInFlowFrom({ returnTo: '/checkout?plan=gold&price=1200' }).returnTo).toBe(
      '/checkout?plan=gold&price=1200',
    );
    expect(signInFlowFrom({ returnTo: '/subscribe' }).returnTo).toBe('/subscribe');
    for (const elsewhere of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      '/login',
      '/verify-otp?x=1',
      42,
    ])
      expect(signInFlowFrom({ returnTo: elsewhere }).returnTo).toBeNull();
  });

  it('has no number after a refresh without state, or with a forged one', () => {
    expect(signInFlowFrom(null)).toEqual({ phoneNumber: null, resendAt: null, returnTo: null });
    expect(signInFlowFrom({ phoneNumber: '12345', resendAt: 'soon' })).toEqual({
      phoneNumber: null,
      resendAt: null,
      returnTo: null,
    });
  });
});
