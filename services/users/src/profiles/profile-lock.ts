import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

// The profile lock's hash (issue 22, D37): scrypt with a salt of its own. Four digits are few, so what
// guards them is the wait after five wrong tries; the hash keeps the digits out of the database.

const derive = promisify(scrypt) as (secret: string, salt: Buffer, length: number) => Promise<Buffer>;
const KEY_LENGTH = 32;

/** Wrong tries in a row before the lock takes none for a while. */
export const LOCK_TRIES = 5;
/** How long a lock takes no tries after the fifth wrong one. */
export const LOCK_WAIT_SECONDS = 300;

export async function hashLock(lock: string): Promise<string> {
  const salt = randomBytes(16);
  return `scrypt$${salt.toString('base64url')}$${(await derive(lock, salt, KEY_LENGTH)).toString('base64url')}`;
}

export async function lockMatches(stored: string, lock: string): Promise<boolean> {
  const [scheme, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await derive(lock, Buffer.from(salt, 'base64url'), expected.length);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
