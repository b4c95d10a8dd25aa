import { DomainError, ErrorCode, HTTP_STATUS_BY_CODE } from './errors';

describe('error codes', () => {
  it('answers a client error for every code but our own failures and a payment provider that is down', () => {
    const serverSide = Object.values(ErrorCode).filter((code) => HTTP_STATUS_BY_CODE[code] >= 500);
    expect(serverSide.sort()).toEqual([
      ErrorCode.INTERNAL,
      ErrorCode.PAYMENT_PROVIDER_UNAVAILABLE,
      ErrorCode.SERVICE_UNAVAILABLE,
    ]);
    expect(HTTP_STATUS_BY_CODE[ErrorCode.PAYMENT_PROVIDER_UNAVAILABLE]).toBe(502);
    expect(HTTP_STATUS_BY_CODE[ErrorCode.SERVICE_UNAVAILABLE]).toBe(503);
    for (const code of Object.values(ErrorCode))
      expect(HTTP_STATUS_BY_CODE[code]).toBeGreaterThanOrEqual(400);
  });

  it('round-trips a domain error through its wire body', () => {
    const error = new DomainError(ErrorCode.VALIDATION_FAILED, 'phoneNumber: must be 10 digits', {
      phoneNumber: ['must be 10 digits'],
    });
    const back = DomainError.fromBody(JSON.parse(JSON.stringify(error.toBody())));
    expect(back).toBeInstanceOf(DomainError);
    expect(back.code).toBe(ErrorCode.VALIDATION_FAILED);
    expect(back.message).toBe('phoneNumber: must be 10 digits');
    expect(back.fields).toEqual({ phoneNumber: ['must be 10 digits'] });
  });

  it('carries the limit a refusal names across the wire', () => {
    const full = DomainError.atLimit(
      ErrorCode.STREAM_LIMIT_REACHED,
      'You are already watching on 2 screens.',
      2,
    );
    const wire = JSON.parse(JSON.stringify(full.toBody())) as unknown;
    expect(wire).toEqual({
      code: ErrorCode.STREAM_LIMIT_REACHED,
      message: 'You are already watching on 2 screens.',
      limit: 2,
    });
    expect(DomainError.fromBody(wire).limit).toBe(2);
    expect(new DomainError(ErrorCode.NOT_FOUND, 'x').toBody()).not.toHaveProperty('limit');
  });

  it('turns an unknown body into INTERNAL rather than trusting it', () => {
    expect(DomainError.fromBody({ code: 'DROP_TABLES', message: 'x' }).code).toBe(ErrorCode.INTERNAL);
    expect(DomainError.fromBody('boom').code).toBe(ErrorCode.INTERNAL);
  });
});
