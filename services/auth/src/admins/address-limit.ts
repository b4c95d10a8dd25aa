import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DomainError, ErrorCode, SignInMessages } from '@chitram/contracts';
import { REDIS, type Redis } from '@chitram/nest-kit';
import { AuthConfig } from '../config';
import { rateLimitAddress } from '../otp/client-address';

/**
 * Takes a place for one sign-in in the address's sliding window (a sorted set of attempts scored by
 * time), or answers how many milliseconds remain until a place frees up. One step, so attempts sent
 * together cannot all slip in. KEYS: the address's attempts. ARGV: now, window ms, places, attempt id.
 */
const TAKE_PLACE = `
local now, window = tonumber(ARGV[1]), tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
if redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[3]) then
  redis.call('ZADD', KEYS[1], now, ARGV[4])
  redis.call('PEXPIRE', KEYS[1], window)
  return 0
end
local first = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
return math.max(1, tonumber(first[2]) + window - now)`;

/** An attempt holding its place; a successful sign-in gives it back. */
export interface AddressAttempt {
  key: string;
  id: string;
}

/**
 * Issue 10: at most ADMIN_LOGIN_ADDRESS_LIMIT failed admin sign-ins per client address (IPv6: per /64)
 * in ADMIN_LOGIN_ADDRESS_WINDOW_SECONDS, whatever e-mails they name; past it, RATE_LIMITED with the
 * wait (the gateway sends it as Retry-After). Every attempt takes a place before the password is
 * checked and a success gives it back, so only failures count and parallel guesses cannot overshoot.
 * The address is the one the gateway derived (its trusted proxies), never one the client claims.
 */
@Injectable()
export class AdminLoginAddressLimit {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly config: AuthConfig,
  ) {}

  async takePlace(clientIp: string): Promise<AddressAttempt> {
    const attempt = { key: `auth:admin-login:address:${rateLimitAddress(clientIp)}`, id: randomUUID() };
    const waitMs = Number(
      await this.redis.eval(
        TAKE_PLACE,
        1,
        attempt.key,
        String(Date.now()),
        String(this.config.ADMIN_LOGIN_ADDRESS_WINDOW_SECONDS * 1000),
        String(this.config.ADMIN_LOGIN_ADDRESS_LIMIT),
        attempt.id,
      ),
    );
    if (waitMs > 0)
      throw DomainError.retryLater(ErrorCode.RATE_LIMITED, SignInMessages.tooManyRequests, waitMs / 1000);
    return attempt;
  }

  async giveBack(attempt: AddressAttempt): Promise<void> {
    await this.redis.zrem(attempt.key, attempt.id);
  }
}
