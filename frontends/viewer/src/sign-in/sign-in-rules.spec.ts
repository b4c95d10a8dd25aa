import {
  formatPhoneNumber,
  otpDigitsFrom,
  phoneDigitsFrom,
  phoneNumberFrom,
  resendWaitFor,
  secondsUntil,
  sendButton,
  sendFailure,
  signInFlowFrom,
  verifyFailure,
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
  const idle = { digits: '9876543210', sending: false, secondsLeft: 0 };

  it('is disabled while the field is empty', () => {
    expect(sendButton({ ...idle, digits: '' })).toEqual({ disabled: true, text: { kind: 'idle' } });
    expect(sendButton(idle)).toEqual({ disabled: false, text: { kind: 'idle' } });
  });

  it("reads 'Sending OTP' while sending and counts down after a send", () => {
    expect(sendButton({ ...idle, sending: true })).toEqual({ disabled: true, text: { kind: 'sending' } });
    expect(sendButton({ ...idle, secondsLeft: 60 })).toEqual({
      disabled: true,
      text: { kind: 'wait', seconds: 60 },
    });
  });

  it('keeps the wait for the number the code went to; another number may have a code at once', () => {
    const flow = { phoneNumber: '+919876543210', resendAt: 5_000 };
    expect(resendWaitFor('+919876543210', flow)).toBe(5_000);
    expect(resendWaitFor('+919000000000', flow)).toBeNull();
    expect(resendWaitFor(null, flow)).toBeNull();
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
    expect(sendFailure('INVALID_PHONE_NUMBER')).toBe('invalidPhone');
    expect(sendFailure('VALIDATION_FAILED')).toBe('invalidPhone');
    expect(sendFailure('RATE_LIMITED')).toBe('tooManyRequests');
    expect(sendFailure('SERVICE_UNAVAILABLE')).toBe('sendFailed');
    expect(sendFailure('NETWORK')).toBe('sendFailed');
  });

  it("words a refused code by what to do next, and anything else as 'Failed to verify OTP.'", () => {
    for (const code of [
      'OTP_INVALID',
      'OTP_NOT_REQUESTED',
      'OTP_EXPIRED',
      'OTP_ATTEMPTS_EXCEEDED',
      'RATE_LIMITED',
    ])
      expect(verifyFailure(code)).toBe('fromCode');
    expect(verifyFailure('NETWORK')).toBe('otpInvalid');
    expect(verifyFailure('INTERNAL')).toBe('otpInvalid');
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
