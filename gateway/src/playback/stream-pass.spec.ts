import { STREAM_PASS_COOKIE } from '@chitram/contracts';
import { streamPassCookie, streamPassHolder, streamPassOf } from './stream-pass';

const claims = { p: 'pass', u: 'viewer-1', s: 'session-1', i: 1_900_000_000, e: 1_900_000_600 };
const pass = `${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${'s'.repeat(43)}`;

describe('the stream pass cookie (Safari’s own HLS)', () => {
  it('is HttpOnly, SameSite=Strict, only for the stream path, and Secure over TLS', () => {
    expect(streamPassCookie(pass, false)).toBe(
      `${STREAM_PASS_COOKIE}=${pass}; Path=/api/stream; Max-Age=600; HttpOnly; SameSite=Strict`,
    );
    expect(streamPassCookie(pass, true)).toMatch(/; HttpOnly; SameSite=Strict; Secure$/);
  });

  it('is read from the Cookie header among others, and only when it looks like a pass', () => {
    expect(streamPassOf(`theme=dark; ${STREAM_PASS_COOKIE}=${pass}; lang=te`)).toBe(pass);
    expect(streamPassOf(`${STREAM_PASS_COOKIE}=not a pass`)).toBeUndefined();
    expect(streamPassOf(`other_${STREAM_PASS_COOKIE}=${pass}`)).toBeUndefined();
    expect(streamPassOf(undefined)).toBeUndefined();
  });

  it('names whose it is and when it was given, for the revocation check', () => {
    expect(streamPassHolder(pass)).toEqual({ sub: 'viewer-1', sid: 'session-1', iat: 1_900_000_000 });
    expect(streamPassHolder(`${Buffer.from('{"u":1}').toString('base64url')}.x`)).toBeUndefined();
    expect(streamPassHolder('%%%.x')).toBeUndefined();
  });
});
