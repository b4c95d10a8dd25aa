import { Inject, Injectable } from '@nestjs/common';
import { REDIS, type Redis } from '@chitram/nest-kit';
import { rateLimitAddress } from './client-address';

const key = {
  challenge: (phone: string) => `auth:otp:challenge:${phone}`,
  requested: (phone: string) => `auth:otp:requested:${phone}`,
};

/**
 * Counts one attempt from one client address on a live challenge and answers [attempts from that
 * address, codeHash]; nil when there is none. KEYS: the challenge. ARGV: the address's field.
 */
const ATTEMPT = `
if redis.call('EXISTS', KEYS[1]) == 0 then return nil end
local attempts = redis.call('HINCRBY', KEYS[1], ARGV[1], 1)
return { attempts, redis.call('HGET', KEYS[1], 'codeHash') or '' }`;

export interface ChallengeAttempt {
  /** From the same client address, this attempt included. */
  attempts: number;
  /** Empty when the provider keeps the code (Twilio Verify). */
  codeHash: string;
}

/**
 * The live code of each number, in Redis: its hash and how many attempts each client address (IPv6:
 * each /64) has made on it, so that a stranger's wrong guesses spend only the stranger's own
 * attempts, never the owner's (issue 20). It vanishes
 * when it expires or is used; a longer-lived marker remembers that a code was sent, so an
 * expired code is told apart from one never asked for.
 */
@Injectable()
export class OtpChallenges {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  /** Replaces the number's challenge with a fresh one (a resend voids the previous code). */
  async open(
    phoneNumber: string,
    codeHash: string,
    ttlSeconds: number,
    rememberSeconds: number,
  ): Promise<void> {
    await this.redis
      .multi()
      .del(key.challenge(phoneNumber))
      .hset(key.challenge(phoneNumber), { codeHash })
      .expire(key.challenge(phoneNumber), ttlSeconds)
      .set(key.requested(phoneNumber), '1', 'EX', Math.max(rememberSeconds, ttlSeconds))
      .exec();
  }

  async attempt(phoneNumber: string, clientIp: string): Promise<ChallengeAttempt | undefined> {
    const field = `attempts:${rateLimitAddress(clientIp)}`;
    const result = (await this.redis.eval(ATTEMPT, 1, key.challenge(phoneNumber), field)) as
      [number, string] | null;
    return result ? { attempts: Number(result[0]), codeHash: result[1] } : undefined;
  }

  /** Uses the code up; false when another request used it first. */
  async consume(phoneNumber: string): Promise<boolean> {
    return (await this.redis.del(key.challenge(phoneNumber))) === 1;
  }

  async wasRequested(phoneNumber: string): Promise<boolean> {
    return (await this.redis.exists(key.requested(phoneNumber))) === 1;
  }
}
