import { randomBytes } from 'node:crypto';
import { signStreamToken, verifyStreamToken } from './stream-tokens';

describe('stream tokens (DECISIONS D23)', () => {
  const secret = randomBytes(32);
  const claims = { v: 'video-1', u: 'viewer-1', r: 1080, e: 2_000_000_000 };

  it('reads back what it signed until it expires', () => {
    const token = signStreamToken(secret, claims);
    expect(verifyStreamToken(secret, token, 1_900_000_000)).toEqual(claims);
    expect(verifyStreamToken(secret, token, 2_000_000_001)).toBeNull();
  });

  it('refuses a token changed in any way, or signed with another key', () => {
    const token = signStreamToken(secret, claims);
    const [body, signature] = token.split('.');
    const raised = Buffer.from(JSON.stringify({ ...claims, r: 2160 })).toString('base64url');
    expect(verifyStreamToken(secret, `${raised}.${signature}`, 0)).toBeNull();
    expect(verifyStreamToken(secret, `${body}.${signature.slice(0, -2)}AA`, 0)).toBeNull();
    expect(verifyStreamToken(randomBytes(32), token, 0)).toBeNull();
    expect(verifyStreamToken(secret, `${token}.more`, 0)).toBeNull();
    expect(verifyStreamToken(secret, 'garbage', 0)).toBeNull();
  });
});
