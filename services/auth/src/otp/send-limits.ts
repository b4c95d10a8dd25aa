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
 * Checks the wait before a number's next code and the client address's limit, and only if both allow
 * it counts the send, in one step so concurrent sends cannot slip past.
 *
 * The wait after a send doubles with each send the number had in the remembered window (base, 2×base,
 * 4×base…), up to the cap: a stranger who keeps asking for codes to someone else's number only makes
 * the next code wait a few minutes, never closes the number. The address limit is a sliding window:
 * each send is a member of a sorted set scored by its time, so "20 an hour" holds for every hour.
 *
 * KEYS: resend marker, phone log, IP log.
 * ARGV: now, base wait ms, longest wait ms, phone window ms, IP window ms, IP limit, member.
 * Answers {wait ms, 0} when refused, {0, the wait this send starts} when allowed.
 */
const PERMIT = `
local now = tonumber(ARGV[1])
local base = tonumber(ARGV[2])
local cap = math.max(tonumber(ARGV[3]), base)
local phoneWindow = math.max(tonumber(ARGV[4]), cap)
local ipWindow = tonumber(ARGV[5])
local wait = redis.call('PTTL', KEYS[1])
if wait < 0 then wait = 0 end
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', now - ipWindow)
if redis.call('ZCARD', KEYS[3]) >= tonumber(ARGV[6]) then
  local oldest = redis.call('ZRANGE', KEYS[3], 0, 0, 'WITHSCORES')
  wait = math.max(wait, tonumber(oldest[2]) + ipWindow - now)
end
if wait > 0 then return { wait, 0 } end
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now - phoneWindow)
local earlier = redis.call('ZCARD', KEYS[2])
local nextWait = math.floor(math.min(base * 2 ^ math.min(earlier, 40), cap))
if nextWait > 0 then redis.call('SET', KEYS[1], '1', 'PX', nextWait) end
redis.call('ZADD', KEYS[2], now, ARGV[7])
redis.call('PEXPIRE', KEYS[2], phoneWindow)
redis.call('ZADD', KEYS[3], now, ARGV[7])
redis.call('PEXPIRE', KEYS[3], ipWindow)
return { 0, nextWait }`;

/** A send that was allowed: its place in the logs, and how long the number now waits for the next. */
export interface PermittedSend {
  id: string;
  resendAfterSeconds: number;
}

/**
 * DECISIONS D4: a number waits 60 s before its next code, doubling with each further send within the
 * hour up to 10 minutes; at most 20 sends per client address an hour (IPv6: per /64).
 */
@Injectable()
export class SendLimits {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly config: AuthConfig,
  ) {}

  /** Counts a send, or throws RATE_LIMITED with the wait. */
  async permit(phoneNumber: string, clientIp: string): Promise<PermittedSend> {
    const c = this.config;
    const id = randomUUID();
    const [waitMs, nextWaitMs] = (await this.redis.eval(
      PERMIT,
      3,
      key.resend(phoneNumber),
      key.phone(phoneNumber),
      key.ip(rateLimitAddress(clientIp)),
      String(Date.now()),
      String(c.OTP_RESEND_SECONDS * 1000),
      String(c.OTP_RESEND_MAX_SECONDS * 1000),
      String(c.OTP_PHONE_WINDOW_SECONDS * 1000),
      String(c.OTP_IP_WINDOW_SECONDS * 1000),
      String(c.OTP_IP_LIMIT),
      id,
    )) as [number, number];
    if (waitMs > 0) {
      throw DomainError.retryLater(ErrorCode.RATE_LIMITED, SignInMessages.tooManyRequests, waitMs / 1000);
    }
    return { id, resendAfterSeconds: Math.ceil(nextWaitMs / 1000) };
  }

  /**
   * After a failed delivery the person may try again at once, and the send that did not arrive does
   * not lengthen their next waits (it still counts against the address).
   */
  async releaseResendWait(phoneNumber: string, send: PermittedSend): Promise<void> {
    await this.redis.multi().del(key.resend(phoneNumber)).zrem(key.phone(phoneNumber), send.id).exec();
  }
}
