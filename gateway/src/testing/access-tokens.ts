import { createHmac, randomUUID } from 'node:crypto';
import type { AdminRole, Role } from '@chitram/contracts';
import { AccessTokenSigner, DEFAULT_JWT_AUDIENCE, DEFAULT_JWT_ISSUER } from '@chitram/nest-kit';
import { testSigningKeys } from '@chitram/test-helpers';
import { createPrivateKey } from 'node:crypto';

/**
 * Access tokens for gateway tests: the gateway is configured with `publicPem` and these are signed
 * with the matching private key, as the auth service would.
 */
export function testTokens() {
  const keys = testSigningKeys();
  const signerFor = (ttlSeconds: number, issuer = DEFAULT_JWT_ISSUER, audience = DEFAULT_JWT_AUDIENCE) =>
    new AccessTokenSigner(createPrivateKey(keys.privatePem), { issuer, audience, ttlSeconds });
  const signer = signerFor(900);
  return {
    publicPem: keys.publicPem,
    /**
     * A valid token for a fresh subject and session of that role; an admin's is an owner's unless
     * another admin role is named (null: none, as a token from before roles).
     */
    async as(role: Role, claims: { sub?: string; sid?: string; adminRole?: AdminRole | null } = {}) {
      const sub = claims.sub ?? randomUUID();
      const sid = claims.sid ?? randomUUID();
      const adminRole =
        claims.adminRole === null
          ? undefined
          : (claims.adminRole ?? (role === 'admin' ? 'owner' : undefined));
      return { token: await signer.sign({ sub, role, sid, adminRole }), sub, sid };
    },
    /** Signed right, but expired a minute ago (past the verifier's tolerance). */
    expired: (role: Role) => signerFor(-60).sign({ sub: randomUUID(), role, sid: randomUUID() }),
    /** Signed right, for another audience. */
    otherAudience: (role: Role) =>
      signerFor(900, DEFAULT_JWT_ISSUER, 'some-other-api').sign({
        sub: randomUUID(),
        role,
        sid: randomUUID(),
      }),
    /** Signed by a key the gateway does not know. */
    otherKey: (role: Role) =>
      new AccessTokenSigner(createPrivateKey(testSigningKeys().privatePem), {
        issuer: DEFAULT_JWT_ISSUER,
        audience: DEFAULT_JWT_AUDIENCE,
        ttlSeconds: 900,
      }).sign({ sub: randomUUID(), role, sid: randomUUID() }),
    /** `alg: none`: claims anyone could write, with no signature. */
    unsigned: (role: Role) => handMade({ alg: 'none', typ: 'JWT' }, role, () => ''),
    /** HS256 "signed" with the public key as the HMAC secret: the classic algorithm confusion. */
    publicKeyAsSecret: (role: Role) =>
      handMade({ alg: 'HS256', typ: 'JWT' }, role, (input) =>
        createHmac('sha256', keys.publicPem).update(input).digest('base64url'),
      ),
  };
}

function handMade(header: object, role: Role, sign: (input: string) => string): string {
  const now = Math.floor(Date.now() / 1000);
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const input = `${encode(header)}.${encode({
    sub: randomUUID(),
    role,
    sid: randomUUID(),
    iss: DEFAULT_JWT_ISSUER,
    aud: DEFAULT_JWT_AUDIENCE,
    iat: now,
    exp: now + 900,
  })}`;
  return `${input}.${sign(input)}`;
}

/**
 * A token for a fresh subject and session of `role`, signed with `privatePem` (the auth service's key);
 * an admin's is an owner's (D34) unless another admin role is named.
 */
export function signedAs(privatePem: string, role: Role, adminRole?: AdminRole): Promise<string> {
  return new AccessTokenSigner(createPrivateKey(privatePem), {
    issuer: DEFAULT_JWT_ISSUER,
    audience: DEFAULT_JWT_AUDIENCE,
    ttlSeconds: 900,
  }).sign({
    sub: randomUUID(),
    role,
    sid: randomUUID(),
    adminRole: role === 'admin' ? (adminRole ?? 'owner') : undefined,
  });
}
