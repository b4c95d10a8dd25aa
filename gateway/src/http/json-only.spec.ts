import type { ExecutionContext } from '@nestjs/common';
import { ApiConsumes } from '@nestjs/swagger';
import { DomainError, ErrorCode } from '@chitram/contracts';
import { bodyTypesOf, carriesBody, JsonOnlyGuard, mediaTypeOf } from './json-only';

class Routes {
  json(): void {}

  @ApiConsumes('multipart/form-data')
  form(): void {}
}

function contextFor(
  handler: keyof Routes,
  method: string,
  headers: Record<string, string>,
): ExecutionContext {
  return {
    getType: () => 'http',
    getHandler: () => Routes.prototype[handler],
    getClass: () => Routes,
    switchToHttp: () => ({ getRequest: () => ({ method, headers }) }),
  } as unknown as ExecutionContext;
}

describe('JsonOnlyGuard', () => {
  const guard = new JsonOnlyGuard();
  const refusal = (context: ExecutionContext) => {
    try {
      guard.canActivate(context);
    } catch (error) {
      return error as DomainError;
    }
    return undefined;
  };
  const body = (type?: string) => ({ 'content-length': '12', ...(type ? { 'content-type': type } : {}) });

  it('takes JSON on a route that declares nothing, whatever the parameters and case', () => {
    expect(guard.canActivate(contextFor('json', 'POST', body('application/json')))).toBe(true);
    expect(guard.canActivate(contextFor('json', 'PATCH', body('Application/JSON; charset=utf-8')))).toBe(
      true,
    );
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', undefined])(
    'refuses a %s body on a JSON route with 415',
    (type) => {
      const error = refusal(contextFor('json', 'POST', body(type)));
      expect(error).toBeInstanceOf(DomainError);
      expect(error?.code).toBe(ErrorCode.UNSUPPORTED_MEDIA_TYPE);
      expect(error?.message).toBe("Send this request's body as application/json.");
    },
  );

  it('takes what a route declares with @ApiConsumes, and only that', () => {
    expect(guard.canActivate(contextFor('form', 'POST', body('multipart/form-data; boundary=x')))).toBe(true);
    expect(refusal(contextFor('form', 'PATCH', body('application/json')))?.code).toBe(
      ErrorCode.UNSUPPORTED_MEDIA_TYPE,
    );
  });

  it('leaves tus upload bytes to their own parser, which takes them on the upload routes only', () => {
    expect(guard.canActivate(contextFor('json', 'PATCH', body('application/offset+octet-stream')))).toBe(
      true,
    );
  });

  it('ignores the type of a request without a body, and of a GET', () => {
    expect(guard.canActivate(contextFor('json', 'POST', { 'content-type': 'text/plain' }))).toBe(true);
    expect(
      guard.canActivate(contextFor('json', 'POST', { 'content-type': 'text/plain', 'content-length': '0' })),
    ).toBe(true);
    expect(guard.canActivate(contextFor('json', 'GET', body('text/plain')))).toBe(true);
    expect(
      refusal(contextFor('json', 'DELETE', { 'transfer-encoding': 'chunked', 'content-type': 'text/plain' }))
        ?.code,
    ).toBe(ErrorCode.UNSUPPORTED_MEDIA_TYPE);
  });
});

describe('the helpers', () => {
  it('reads the media type, the body framing and the declared types', () => {
    expect(mediaTypeOf(' Text/Plain ;charset=utf-8')).toBe('text/plain');
    expect(mediaTypeOf('')).toBeUndefined();
    expect(carriesBody({ 'content-length': '5' })).toBe(true);
    expect(carriesBody({})).toBe(false);
    expect(bodyTypesOf(Routes.prototype.form, Routes)).toEqual(['multipart/form-data']);
    expect(bodyTypesOf(Routes.prototype.json, Routes)).toEqual(['application/json']);
  });
});
