import { NotFoundException, PayloadTooLargeException } from '@nestjs/common';
import { DomainError, ErrorCode } from '@chitram/contracts';
import { toErrorBody } from './error.filter';

describe('toErrorBody', () => {
  it('passes domain errors through with their code', () => {
    expect(
      toErrorBody(new DomainError(ErrorCode.RATE_LIMITED, 'Too many requests. Please try again later.')),
    ).toEqual({
      code: ErrorCode.RATE_LIMITED,
      message: 'Too many requests. Please try again later.',
    });
  });

  it('gives unknown routes and oversized bodies stable codes', () => {
    expect(toErrorBody(new NotFoundException())?.code).toBe(ErrorCode.ROUTE_NOT_FOUND);
    expect(toErrorBody(new PayloadTooLargeException())?.code).toBe(ErrorCode.PAYLOAD_TOO_LARGE);
    expect(toErrorBody({ code: 'FST_ERR_CTP_BODY_TOO_LARGE' })?.code).toBe(ErrorCode.PAYLOAD_TOO_LARGE);
    expect(toErrorBody({ code: 'FST_ERR_CTP_INVALID_JSON_BODY' })?.code).toBe(ErrorCode.BAD_REQUEST);
  });

  it('leaves programming errors unmapped so they are logged and answered as INTERNAL', () => {
    expect(toErrorBody(new TypeError('x is undefined'))).toBeUndefined();
  });
});
