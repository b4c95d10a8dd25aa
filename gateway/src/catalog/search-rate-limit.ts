import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DomainError, ErrorCode } from '@chitram/contracts';
import { LOGGER, type Logger, REDIS, type Redis } from '@chitram/nest-kit';
import type { FastifyRequest } from 'fastify';
import { GatewayConfig } from '../config';
import { countedAddress } from '../http/client-address';
import type { Admission } from './catalogue-answers';

/**
 * A sliding window per address: each search is a member of a sorted set scored by its time, so the
 * limit holds over every window, not per clock window. Counts and answers in one step, so concurrent
 * searches cannot slip past. Answers { 0, searches in the window } when allowed, else { the
 * milliseconds until one more would be, the searches in the window }.
 * KEYS: the address's log. ARGV: now, window ms, limit, member.
 */
const PERMIT = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local count = redis.call('ZCARD', KEYS[1])
if count >= tonumber(ARGV[3]) then
  local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  return { math.max(1, tonumber(oldest[2]) + window - now), count }
end
redis.call('ZADD', KEYS[1], now, ARGV[4])
redis.call('PEXPIRE', KEYS[1], window)
return { 0, count + 1 }`;

type Permit = (
  key: string,
  now: string,
  windowMs: string,
  limit: string,
  member: string,
) => Promise<[waitMs: number, count: number]>;

export const SEARCH_LIMITED_MESSAGE = 'Too many searches just now. Please wait a moment and search again.';

/** Addresses whose last count this gateway remembers (the most recent ones). */
const REMEMBERED_ADDRESSES = 10_000;

/**
 * SEARCH_RATE_LIMIT searches per SEARCH_RATE_WINDOW_SECONDS per client address, shared by every
 * gateway through Redis; past it, 429 RATE_LIMITED with Retry-After. A repeat the gateway answers from
 * its memory of catalogue answers never reaches this: it costs the catalog nothing.
 *
 * An address this gateway saw well under its limit a moment ago may have its search start while
 * Redis counts it (Admission.early): the answer waits for the count either way, and a refused
 * search is never answered, but a viewer's search does not wait for two round trips one after the
 * other. Near the limit, or unknown, the count comes first, so a refused search costs the catalog
 * nothing.
 */
@Injectable()
export class SearchRateLimit {
  private readonly permit: Permit;
  /** Members of an address's log: this gateway's own prefix and a count, unique without a UUID each. */
  private readonly memberPrefix = `${randomUUID()}:`;
  private searches = 0;
  private readonly windowMs: number;
  private readonly limit: number;
  /** Each address's count in its window as Redis last answered it, and when; least recent first. */
  private readonly lastCounts = new Map<string, { count: number; at: number }>();

  constructor(
    @Inject(REDIS) redis: Redis,
    config: GatewayConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    // Sent as EVALSHA: the script itself only when Redis does not know it yet.
    redis.defineCommand('searchPermit', { numberOfKeys: 1, lua: PERMIT });
    this.permit = (redis as unknown as { searchPermit: Permit }).searchPermit.bind(redis);
    this.windowMs = config.SEARCH_RATE_WINDOW_SECONDS * 1000;
    this.limit = config.SEARCH_RATE_LIMIT;
  }

  /** Counts a search: `permitted` settles when Redis has (rejected with 429 past the limit). */
  admit(request: FastifyRequest): Admission {
    const address = countedAddress(request.ip);
    const last = this.lastCounts.get(address);
    const now = Date.now();
    const early = last !== undefined && now - last.at < this.windowMs && last.count < this.limit / 2;
    return { early, permitted: this.count(address, now) };
  }

  private async count(address: string, now: number): Promise<void> {
    let waitMs: number;
    try {
      let count: number;
      [waitMs, count] = await this.permit(
        `gateway:search:${address}`,
        String(now),
        String(this.windowMs),
        String(this.limit),
        this.memberPrefix + ++this.searches,
      );
      this.remember(address, Number(count));
    } catch (error) {
      // Search matters more than counting it: without Redis the limit is off, not search.
      this.logger.warn({ err: error }, 'search rate limit unavailable; search let through');
      return;
    }
    if (Number(waitMs) > 0)
      throw DomainError.retryLater(ErrorCode.RATE_LIMITED, SEARCH_LIMITED_MESSAGE, Number(waitMs) / 1000);
  }

  private remember(address: string, count: number): void {
    this.lastCounts.delete(address);
    this.lastCounts.set(address, { count, at: Date.now() });
    if (this.lastCounts.size > REMEMBERED_ADDRESSES) {
      const oldest = this.lastCounts.keys().next().value;
      if (oldest !== undefined) this.lastCounts.delete(oldest);
    }
  }
}
