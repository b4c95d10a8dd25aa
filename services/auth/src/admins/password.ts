import { hash, verify } from '@node-rs/argon2';

/**
 * Argon2id (the library's default algorithm; its `Algorithm` is a const enum that our per-file compiler
 * cannot inline, so it is not named here) with OWASP's minimum settings: 19 MiB, 2 passes, 1 lane.
 */
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function passwordMatches(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false; // an unreadable stored hash never matches
  }
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
