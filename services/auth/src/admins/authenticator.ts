import { createHash, randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@chitram/contracts';
import { generateSecret, generateURI, verify } from 'otplib';

/** The name an authenticator app shows above the admin's e-mail. */
export const AUTHENTICATOR_ISSUER = 'Chitram Admin';

/**
 * A code is accepted one 30-second step either side of now (RFC 6238 §5.2's allowance for clocks and
 * typing), never a step at or before the last one accepted (so a code overheard works nowhere).
 */
const DRIFT_SECONDS = 30;

export interface NewAuthenticator {
  secret: string;
  otpauthUrl: string;
}

/** A fresh 160-bit secret (base32) and the otpauth:// link an app reads from its QR code. */
export function newAuthenticator(email: string): NewAuthenticator {
  const secret = generateSecret();
  return { secret, otpauthUrl: generateURI({ issuer: AUTHENTICATOR_ISSUER, label: email, secret }) };
}

/** The time step of a right code (RFC 6238), or null for a wrong, stale or reused one. */
export async function acceptedStep(
  secret: string,
  code: string,
  lastStep: string | number | null,
): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    epochTolerance: DRIFT_SECONDS,
    ...(lastStep === null ? {} : { afterTimeStep: Number(lastStep) }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** Recovery codes read `abcde-fghij`: 49 random bits each, from an alphabet without look-alikes. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

function recoveryCode(): string {
  const letters = Array.from(
    { length: 10 },
    () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)],
  ).join('');
  return `${letters.slice(0, 5)}-${letters.slice(5)}`;
}

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, recoveryCode);
}

/** A recovery code's hash as kept: typed in any case, with or without its dash. */
export function recoveryCodeHash(code: string): string {
  return createHash('sha256').update(code.toLowerCase().replace(/-/g, '')).digest('hex');
}
