import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  randomUUID,
  type KeyObject,
} from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DomainError, ErrorCode, isRole, SignInMessages, type Role } from '@chitram/contracts';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

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
    return new SignJWT({ role: claims.role, sid: claims.sid })
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
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(token, this.publicKey, {
        algorithms: [ACCESS_TOKEN_ALGORITHM],
        issuer: this.parties.issuer,
        audience: this.parties.audience,
        requiredClaims: ['sub', 'iat', 'exp', 'role', 'sid'],
        clockTolerance: 5,
      }));
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) {
        throw new DomainError(ErrorCode.TOKEN_EXPIRED, SignInMessages.sessionExpired);
      }
      throw invalidToken();
    }
    const { sub, role, sid, iat, exp } = payload;
    if (
      typeof sub !== 'string' ||
      !UUID.test(sub) ||
      !isRole(role) ||
      typeof sid !== 'string' ||
      !UUID.test(sid)
    )
      throw invalidToken();
    if (typeof iat !== 'number' || typeof exp !== 'number') throw invalidToken();
    return { sub, role, sid, iat, exp };
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

/**
 * The development signing key: read from `file`, or made there on first use. Auth and the gateway
 * start together, so the file is created under a temporary name and linked into place: whoever links
 * first wins and the other reads the winner's key.
 */
export function developmentSigningKey(file: string): KeyObject {
  const target = path.resolve(file);
  if (!fs.existsSync(target)) {
    fs.mkdirSync(path.dirname(target), { recursive: true });
    const { privateKey } = generateKeyPairSync('ed25519');
    const temporary = `${target}.${process.pid}.${randomUUID()}`;
    fs.writeFileSync(temporary, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
    try {
      fs.linkSync(temporary, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      fs.rmSync(temporary, { force: true });
    }
  }
  return createPrivateKey(fs.readFileSync(target));
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
