import { problemFromAnswer, retryAfterSeconds } from './problem-rules';

describe('error answers as people see them (ARCHITECTURE rule 5, SPEC §8)', () => {
  it("uses the server's code and message", () => {
    expect(
      problemFromAnswer(400, { code: 'OTP_INVALID', message: 'Failed to verify OTP.' }, null, 'fallback'),
    ).toEqual({ status: 400, code: 'OTP_INVALID', message: 'Failed to verify OTP.' });
  });

  it('falls back to the caller’s message when the answer has none', () => {
    expect(problemFromAnswer(502, '<html>Bad gateway</html>', null, 'Failed to delete account')).toEqual({
      status: 502,
      code: 'UNKNOWN',
      message: 'Failed to delete account',
    });
    expect(problemFromAnswer(500, { code: 'INTERNAL', message: '  ' }, null, 'Try again.').message).toBe(
      'Try again.',
    );
  });

  it('reads when to try again from Retry-After, else from the body', () => {
    const limited = { code: 'RATE_LIMITED', message: 'Too many requests. Please try again later.' };
    expect(problemFromAnswer(429, limited, '42', 'x').retryAfterSeconds).toBe(42);
    expect(problemFromAnswer(429, { ...limited, retryAfterSeconds: 30 }, null, 'x').retryAfterSeconds).toBe(
      30,
    );
    expect(problemFromAnswer(429, limited, null, 'x').retryAfterSeconds).toBeUndefined();
  });

  it('keeps the limit a refusal names, when it is a count', () => {
    const full = { code: 'STREAM_LIMIT_REACHED', message: 'You are already watching on 2 screens.' };
    expect(problemFromAnswer(429, { ...full, limit: 2 }, null, 'x').limit).toBe(2);
    expect(problemFromAnswer(429, full, null, 'x').limit).toBeUndefined();
    expect(problemFromAnswer(429, { ...full, limit: '2' }, null, 'x').limit).toBeUndefined();
    expect(problemFromAnswer(429, { ...full, limit: -1 }, null, 'x').limit).toBeUndefined();
  });

  it('keeps the per-field messages of a validation failure', () => {
    const fields = { email: ['email must be an email'] };
    expect(
      problemFromAnswer(400, { code: 'VALIDATION_FAILED', message: 'm', fields }, null, 'x').fields,
    ).toEqual(fields);
  });

  it('understands Retry-After in seconds or as a date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterSeconds('120', now)).toBe(120);
    expect(retryAfterSeconds('Thu, 01 Jan 2026 00:01:30 GMT', now)).toBe(90);
    expect(retryAfterSeconds('soon', now)).toBeUndefined();
    expect(retryAfterSeconds(null, now)).toBeUndefined();
  });
});
