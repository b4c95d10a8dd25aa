import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DomainError, ErrorCode, SignInMessages } from '@chitram/contracts';
import { REDIS, type Redis } from '@chitram/nest-kit';
import { AuthConfig } from '../config';
import { rateLimitAddress } from './client-address';

const key = {
  /** The number's first wait, after any send to it, whoever asked. */
  resend: (phone: string) => `auth:otp:resend:${phone}`,
  /** The growing wait of one client address for one number. */
  resendFrom: (phone: string, address: string) => `auth:otp:resend:${phone}:from:${address}`,
  sendsFrom: (phone: string, address: string) => `auth:otp:sends:phone:${phone}:from:${address}`,
  ip: (address: string) => `auth:otp:sends:ip:${address}`,
};

/**
 * Checks the waits before a number's next code and the client address's limit, and only if all allow
 * it counts the send, in one step so concurrent sends cannot slip past.
 *
 * Two waits (issue 20): after any send the number waits the base wait, whoever asks next; and each
 * client address has a wait of its own for that number, doubling with each send it asked for in the
 * remembered window (base, 2×base, 4×base…), up to the cap. So a stranger who keeps asking for codes
 * to someone else's number only slows their own asking; the owner, from another address, waits no
 * longer than the base wait after the stranger's last send. The address limit is a sliding window:
 * each send is a member of a sorted set scored by its time, so "20 an hour" holds for every hour.
 *
 * KEYS: the number's wait, the address's wait for the number, the address's sends to the number,
 * the address's sends to any number.
 * ARGV: now, base wait ms, longest wait ms, phone window ms, IP window ms, IP limit, member.
 * Answers {wait ms, 0} when refused, {0, the wait this send starts for the address} when allowed.
 */
const PERMIT = `
local now = tonumber(ARGV[1])
local base = tonumber(ARGV[2])
local cap = math.max(tonumber(ARGV[3]), base)
local phoneWindow = math.max(tonumber(ARGV[4]), cap)
local ipWindow = tonumber(ARGV[5])
local wait = math.max(redis.call('PTTL', KEYS[1]), redis.call('PTTL', KEYS[2]), 0)
redis.call('ZREMRANGEBYSCORE', KEYS[4], '-inf', now - ipWindow)
if redis.call('ZCARD', KEYS[4]) >= tonumber(ARGV[6]) then
  local oldest = redis.call('ZRANGE', KEYS[4], 0, 0, 'WITHSCORES')
  wait = math.max(wait, tonumber(oldest[2]) + ipWindow - now)
end
if wait > 0 then return { wait, 0 } end
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', now - phoneWindow)
local earlier = redis.call('ZCARD', KEYS[3])
local nextWait = math.floor(math.min(base * 2 ^ math.min(earlier, 40), cap))
if base > 0 then redis.call('SET', KEYS[1], '1', 'PX', base) end
if nextWait > 0 then redis.call('SET', KEYS[2], '1', 'PX', nextWait) end
redis.call('ZADD', KEYS[3], now, ARGV[7])
redis.call('PEXPIRE', KEYS[3], phoneWindow)
redis.call('ZADD', KEYS[4], now, ARGV[7])
redis.call('PEXPIRE', KEYS[4], ipWindow)
return { 0, nextWait }`;

/** A send that was allowed: its place in the logs, and how long the number now waits for the next. */
export interface PermittedSend {
  id: string;
  /** The client address as counted (IPv6: its /64). */
  address: string;
  resendAfterSeconds: number;
}

/**
 * DECISIONS D4: a number waits 60 s before its next code; an address that keeps asking for it waits
 * twice as long with each further send within the hour, up to 10 minutes; at most 20 sends per client
 * address an hour (IPv6: per /64).
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
    const address = rateLimitAddress(clientIp);
    const [waitMs, nextWaitMs] = (await this.redis.eval(
      PERMIT,
      4,
      key.resend(phoneNumber),
      key.resendFrom(phoneNumber, address),
      key.sendsFrom(phoneNumber, address),
      key.ip(address),
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
    return { id, address, resendAfterSeconds: Math.ceil(nextWaitMs / 1000) };
  }

  /**
   * After a failed delivery the person may try again at once, and the send that did not arrive does
   * not lengthen their next waits (it still counts against the address).
   */
  async releaseResendWait(phoneNumber: string, send: PermittedSend): Promise<void> {
    await this.redis
      .multi()
      .del(key.resend(phoneNumber), key.resendFrom(phoneNumber, send.address))
      .zrem(key.sendsFrom(phoneNumber, send.address), send.id)
      .exec();
  }
}
