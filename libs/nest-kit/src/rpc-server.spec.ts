import { ErrorCode } from '@chitram/contracts';
import { IsInt, Max, ValidateNested } from 'class-validator';
import { Type } from 'class-transformer';
import { validationError } from './rpc-server';
import { validateSync } from 'class-validator';
import { requestIdFrom } from './request-context';

class Inner {
  @IsInt()
  @Max(10)
  count: number;
}
class Outer {
  @ValidateNested()
  @Type(() => Inner)
  inner: Inner;
}

describe('validationError', () => {
  it('names the failing field, dotted when nested', () => {
    const outer = Object.assign(new Outer(), { inner: Object.assign(new Inner(), { count: 99 }) });
    const error = validationError(validateSync(outer));
    expect(error.code).toBe(ErrorCode.VALIDATION_FAILED);
    expect(error.fields).toEqual({ 'inner.count': ['count must not be greater than 10'] });
    expect(error.message).toBe('inner.count: count must not be greater than 10');
  });
});

describe('requestIdFrom', () => {
  it('keeps a sane caller id and replaces anything else', () => {
    expect(requestIdFrom('abc-123')).toBe('abc-123');
    expect(requestIdFrom('bad id\nwith newline')).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdFrom(undefined)).toMatch(/^[0-9a-f-]{36}$/);
  });
});
