import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DomainError, ErrorCode, SignInMessages } from '@chitram/contracts';
import { REDIS, type Redis } from '@chitram/nest-kit';
import { AuthConfig } from '../config';
import { rateLimitAddress } from './client-address';

const key = {
  resend: (phone: string) => `auth:otp:resend:${phone}`,
  phone: (phone: string) => `auth:otp:sends:phone:${phone}`,
  ip: (ip: string) => `auth:otp:sends:ip:${ip}`,
};

/**
 * Checks the three limits on sending a code and, only if all allow it, counts the send against each,
 * in one step so concurrent sends cannot slip past. Sliding windows: each send is a member of a sorted
 * set scored by its time, so "5 an hour" holds for every hour, not per clock hour.
 * Answers 0 when allowed, else the milliseconds until every limit would allow it.
 * KEYS: resend marker, phone log, IP log. ARGV: now, resend ms, phone window ms, phone limit, IP window ms, IP limit, member.
 */
const PERMIT = `
local now = tonumber(ARGV[1])
local wait = 0
local resend = redis.call('PTTL', KEYS[1])
if resend > 0 then wait = resend end
local function blocked_for(log, window, limit)
  redis.call('ZREMRANGEBYSCORE', log, '-inf', now - window)
  if redis.call('ZCARD', log) < limit then return 0 end
  local oldest = redis.call('ZRANGE', log, 0, 0, 'WITHSCORES')
  return tonumber(oldest[2]) + window - now
end
local w = blocked_for(KEYS[2], tonumber(ARGV[3]), tonumber(ARGV[4]))
if w > wait then wait = w end
w = blocked_for(KEYS[3], tonumber(ARGV[5]), tonumber(ARGV[6]))
if w > wait then wait = w end
if wait > 0 then return wait end
if tonumber(ARGV[2]) > 0 then redis.call('SET', KEYS[1], '1', 'PX', ARGV[2]) end
redis.call('ZADD', KEYS[2], now, ARGV[7])
redis.call('PEXPIRE', KEYS[2], ARGV[3])
redis.call('ZADD', KEYS[3], now, ARGV[7])
redis.call('PEXPIRE', KEYS[3], ARGV[5])
return 0`;

/** DECISIONS D4: resend after 60 s; at most 5 sends per number and 20 per client address (IPv6: per /64) an hour. */
@Injectable()
export class SendLimits {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly config: AuthConfig,
  ) {}

  /** Counts a send, or throws RATE_LIMITED with the wait. */
  async permit(phoneNumber: string, clientIp: string): Promise<void> {
    const c = this.config;
    const waitMs = Number(
      await this.redis.eval(
        PERMIT,
        3,
        key.resend(phoneNumber),
        key.phone(phoneNumber),
        key.ip(rateLimitAddress(clientIp)),
        String(Date.now()),
        String(c.OTP_RESEND_SECONDS * 1000),
        String(c.OTP_PHONE_WINDOW_SECONDS * 1000),
        String(c.OTP_PHONE_LIMIT),
        String(c.OTP_IP_WINDOW_SECONDS * 1000),
        String(c.OTP_IP_LIMIT),
        randomUUID(),
      ),
    );
    if (waitMs > 0) {
      throw DomainError.retryLater(ErrorCode.RATE_LIMITED, SignInMessages.tooManyRequests, waitMs / 1000);
    }
  }

  /** After a failed delivery the person may try again at once (the send still counts against the hourly limits). */
  async releaseResendWait(phoneNumber: string): Promise<void> {
    await this.redis.del(key.resend(phoneNumber));
  }
}
