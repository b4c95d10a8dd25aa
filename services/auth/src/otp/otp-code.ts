import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

export const OTP_DIGITS = 6;

/** A 6-digit code from the operating system's cryptographic random source (DECISIONS D4). */
export function generateOtp(): string {
  return String(randomInt(0, 10 ** OTP_DIGITS)).padStart(OTP_DIGITS, '0');
}

/**
 * Codes are kept only as an HMAC under a server secret, bound to their number: a copy of Redis
 * without the secret gives neither the codes nor a cheap way to try all million of them.
 */
export class OtpHasher {
  constructor(private readonly secret: string) {}

  hash(phoneNumber: string, code: string): string {
    return createHmac('sha256', this.secret).update(`${phoneNumber}:${code}`).digest('hex');
  }

  /** Compares in constant time, so the answer's timing says nothing about how close a guess was. */
  matches(phoneNumber: string, code: string, storedHash: string): boolean {
    const expected = Buffer.from(storedHash, 'hex');
    const actual = Buffer.from(this.hash(phoneNumber, code), 'hex');
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  }
}
