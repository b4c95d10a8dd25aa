import { randomUUID } from 'node:crypto';
import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { DomainError, ErrorCode } from '@chitram/contracts';
import { LOGGER, type Logger, REDIS, type Redis } from '@chitram/nest-kit';
import type { FastifyRequest } from 'fastify';
import { GatewayConfig } from '../config';
import { countedAddress } from '../http/client-address';

/**
 * A sliding window per address: each search is a member of a sorted set scored by its time, so the
 * limit holds over every window, not per clock window. Counts and answers in one step, so concurrent
 * searches cannot slip past. Answers 0 when allowed, else the milliseconds until one more would be.
 * KEYS: the address's log. ARGV: now, window ms, limit, member.
 */
const PERMIT = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then
  local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  return math.max(1, tonumber(oldest[2]) + window - now)
end
redis.call('ZADD', KEYS[1], now, ARGV[4])
redis.call('PEXPIRE', KEYS[1], window)
return 0`;

type Permit = (key: string, now: string, windowMs: string, limit: string, member: string) => Promise<number>;

export const SEARCH_LIMITED_MESSAGE = 'Too many searches just now. Please wait a moment and search again.';

/**
 * SEARCH_RATE_LIMIT searches per SEARCH_RATE_WINDOW_SECONDS per client address, shared by every
 * gateway through Redis; past it, 429 RATE_LIMITED with Retry-After. A repeat the gateway answers from
 * its memory of catalogue answers never reaches this guard: it costs the catalog nothing.
 */
@Injectable()
export class SearchRateLimit implements CanActivate {
  private readonly permit: Permit;
  /** Members of an address's log: this gateway's own prefix and a count, unique without a UUID each. */
  private readonly memberPrefix = `${randomUUID()}:`;
  private searches = 0;
  private readonly windowMs: string;
  private readonly limit: string;

  constructor(
    @Inject(REDIS) redis: Redis,
    config: GatewayConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    // Sent as EVALSHA: the script itself only when Redis does not know it yet.
    redis.defineCommand('searchPermit', { numberOfKeys: 1, lua: PERMIT });
    this.permit = (redis as unknown as { searchPermit: Permit }).searchPermit.bind(redis);
    this.windowMs = String(config.SEARCH_RATE_WINDOW_SECONDS * 1000);
    this.limit = String(config.SEARCH_RATE_LIMIT);
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    let waitMs: number;
    try {
      waitMs = Number(
        await this.permit(
          `gateway:search:${countedAddress(request.ip)}`,
          String(Date.now()),
          this.windowMs,
          this.limit,
          this.memberPrefix + ++this.searches,
        ),
      );
    } catch (error) {
      // Search matters more than counting it: without Redis the limit is off, not search.
      this.logger.warn({ err: error }, 'search rate limit unavailable; search let through');
      return true;
    }
    if (waitMs > 0)
      throw DomainError.retryLater(ErrorCode.RATE_LIMITED, SEARCH_LIMITED_MESSAGE, waitMs / 1000);
    return true;
  }
}
