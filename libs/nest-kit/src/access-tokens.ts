import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  randomUUID,
  type KeyObject,
} from 'node:crypto';
import {
  DomainError,
  ErrorCode,
  isAdminRole,
  isRole,
  SignInMessages,
  type AdminRole,
  type Role,
} from '@chitram/contracts';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { fileMadeOnce } from './file-made-once';

/**
 * Access tokens (DECISIONS D5): JWTs signed by the auth service with an Ed25519 private key and checked
 * by the gateway with the public key. The algorithm is pinned, so a token that names another (`none`,
 * HS256 with the public key as secret, ...) is refused whatever it says.
 */
export const ACCESS_TOKEN_ALGORITHM = 'EdDSA';
export const DEFAULT_JWT_ISSUER = 'chitram-auth';
export const DEFAULT_JWT_AUDIENCE = 'chitram-api';
/** Where development keeps its generated signing key when no key is configured (never in production). */
export const DEFAULT_DEV_KEY_FILE = '.data/dev-jwt-ed25519.pem';

/** What an access token says about its bearer. */
export interface AccessClaims {
  /** The viewer's or admin's id. */
  sub: string;
  role: Role;
  /** The session family (one sign-in and all its refreshes). */
  sid: string;
  /** An admin's role (claim `adm`, issue 20); absent for a viewer. An admin token without one may use no admin area. */
  adminRole?: AdminRole;
  /**
   * The profile chosen for the session (claim `prf`, issue 22, D37); absent: the account's first profile,
   * whose id is the viewer's. The gateway checks it belongs to `sub` before using it.
   */
  profileId?: string;
}

export interface VerifiedAccess extends AccessClaims {
  /** Issued at, seconds since the epoch. */
  iat: number;
  exp: number;
}

export interface TokenParties {
  issuer: string;
  audience: string;
}

/** Clocks of the auth service and the gateway may differ by this much. */
const CLOCK_TOLERANCE_SECONDS = 5;
/** How many verified tokens a verifier remembers (the oldest go first). */
const REMEMBERED_TOKENS = 10_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class AccessTokenSigner {
  constructor(
    private readonly privateKey: KeyObject,
    private readonly parties: TokenParties & { ttlSeconds: number },
  ) {
    if (privateKey.type !== 'private' || privateKey.asymmetricKeyType !== 'ed25519') {
      throw new Error('the access-token signing key must be an Ed25519 private key');
    }
  }

  get ttlSeconds(): number {
    return this.parties.ttlSeconds;
  }

  sign(claims: AccessClaims): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({
      role: claims.role,
      sid: claims.sid,
      ...(claims.adminRole ? { adm: claims.adminRole } : {}),
      ...(claims.profileId ? { prf: claims.profileId } : {}),
    })
      .setProtectedHeader({ alg: ACCESS_TOKEN_ALGORITHM, typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuer(this.parties.issuer)
      .setAudience(this.parties.audience)
      .setIssuedAt(now)
      .setExpirationTime(now + this.parties.ttlSeconds)
      .setJti(randomUUID())
      .sign(this.privateKey);
  }
}

export class AccessTokenVerifier {
  /**
   * Tokens verified lately, by their text: a token checks out the same every time until it expires, and
   * its Ed25519 check was a quarter of the gateway's work per request (profiled under bench:stream).
   * Revocation is not part of this: the caller asks the revocation list every time.
   */
  private readonly verified = new Map<string, VerifiedAccess>();

  constructor(
    private readonly publicKey: KeyObject,
    private readonly parties: TokenParties,
  ) {
    if (publicKey.asymmetricKeyType !== 'ed25519') {
      throw new Error('the access-token verification key must be an Ed25519 key');
    }
  }

  /** The token's claims, or DomainError TOKEN_EXPIRED (renew it) / TOKEN_INVALID (sign in again). */
  async verify(token: string): Promise<VerifiedAccess> {
    const known = this.verified.get(token);
    if (known && Date.now() / 1000 < known.exp + CLOCK_TOLERANCE_SECONDS) return known;
    this.verified.delete(token);
    const access = await this.check(token);
    if (this.verified.size >= REMEMBERED_TOKENS) this.verified.delete(this.verified.keys().next().value!);
    this.verified.set(token, access);
    return access;
  }

  private async check(token: string): Promise<VerifiedAccess> {
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(token, this.publicKey, {
        algorithms: [ACCESS_TOKEN_ALGORITHM],
        issuer: this.parties.issuer,
        audience: this.parties.audience,
        requiredClaims: ['sub', 'iat', 'exp', 'role', 'sid'],
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
      }));
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) {
        throw new DomainError(ErrorCode.TOKEN_EXPIRED, SignInMessages.sessionExpired);
      }
      throw invalidToken();
    }
    const { sub, role, sid, iat, exp, adm, prf } = payload;
    if (
      typeof sub !== 'string' ||
      !UUID.test(sub) ||
      !isRole(role) ||
      typeof sid !== 'string' ||
      !UUID.test(sid)
    )
      throw invalidToken();
    if (typeof iat !== 'number' || typeof exp !== 'number') throw invalidToken();
    if (prf !== undefined) {
      if (role !== 'user' || typeof prf !== 'string' || !UUID.test(prf)) throw invalidToken();
      return { sub, role, sid, iat, exp, profileId: prf };
    }
    if (adm === undefined) return { sub, role, sid, iat, exp };
    if (role !== 'admin' || !isAdminRole(adm)) throw invalidToken();
    return { sub, role, sid, iat, exp, adminRole: adm };
  }
}

function invalidToken(): DomainError {
  return new DomainError(ErrorCode.TOKEN_INVALID, SignInMessages.sessionEnded);
}

/** A PEM from the environment; `\n` escapes (one-line .env values) become line breaks. */
export function pemFromEnv(value: string): string {
  return value.includes('\\n') ? value.replace(/\\n/g, '\n') : value;
}

/** A config problem line when `value` is not a usable Ed25519 key of that kind, else undefined. */
export function ed25519KeyProblem(
  name: string,
  value: string,
  kind: 'private' | 'public',
): string | undefined {
  try {
    const pem = pemFromEnv(value);
    const key = kind === 'private' ? createPrivateKey(pem) : createPublicKey(pem);
    if (key.asymmetricKeyType !== 'ed25519')
      return `${name}: must be an Ed25519 key (got ${key.asymmetricKeyType})`;
    return undefined;
  } catch {
    return `${name}: is not a readable ${kind === 'private' ? 'PKCS#8' : 'SPKI'} PEM key`;
  }
}

/** The development signing key: read from `file`, or made there on first use (auth and the gateway share it). */
export function developmentSigningKey(file: string): KeyObject {
  return createPrivateKey(
    fileMadeOnce(file, () =>
      generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }),
    ),
  );
}

/** The signing key: the configured PEM, else (development and tests only) the development key file. */
export function signingKey(configuredPem: string, devKeyFile: string): KeyObject {
  return configuredPem ? createPrivateKey(pemFromEnv(configuredPem)) : developmentSigningKey(devKeyFile);
}

/** The verification key: the configured PEM, else the public half of the development key. */
export function verificationKey(configuredPem: string, devKeyFile: string): KeyObject {
  return configuredPem
    ? createPublicKey(pemFromEnv(configuredPem))
    : createPublicKey(developmentSigningKey(devKeyFile));
}
