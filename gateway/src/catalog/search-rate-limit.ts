import { randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { DomainError, ErrorCode } from '@chitram/contracts';
import { LOGGER, type Logger, REDIS, type Redis } from '@chitram/nest-kit';
import type { FastifyRequest } from 'fastify';
import { GatewayConfig } from '../config';
import { countedAddress } from '../http/client-address';

/**
 * A sliding window per address: each search is a member of a sorted set scored by its time, so the
 * limit holds over every window, not per clock window. First adds the searches a gateway already let
 * through (members numbered from ARGV[5]); then, asked for one more (ARGV[7] = 1), counts and
 * answers in one step, so concurrent searches cannot slip past. Answers { 0, searches in the window }
 * when allowed (or only recording), else { the milliseconds until one more would be, the searches
 * in the window }.
 * KEYS: the address's log. ARGV: now, window ms, limit, member prefix, first member number, searches
 * let through, 1 to ask for one more (0 to record only).
 */
const COUNT = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local first = tonumber(ARGV[5])
local through = tonumber(ARGV[6])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local members = {}
for n = first, first + through - 1 do
  members[#members + 1] = now
  members[#members + 1] = ARGV[4] .. n
  if #members == 400 then
    redis.call('ZADD', KEYS[1], unpack(members))
    members = {}
  end
end
if #members > 0 then redis.call('ZADD', KEYS[1], unpack(members)) end
local count = redis.call('ZCARD', KEYS[1])
if ARGV[7] == '1' then
  if count >= tonumber(ARGV[3]) then
    if through > 0 then redis.call('PEXPIRE', KEYS[1], window) end
    local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
    return { math.max(1, tonumber(oldest[2]) + window - now), count }
  end
  redis.call('ZADD', KEYS[1], now, ARGV[4] .. (first + through))
  count = count + 1
end
redis.call('PEXPIRE', KEYS[1], window)
return { 0, count }`;

type Count = (
  key: string,
  now: string,
  windowMs: string,
  limit: string,
  memberPrefix: string,
  firstMember: string,
  letThrough: string,
  askOneMore: '0' | '1',
) => Promise<[waitMs: number, count: number]>;

export const SEARCH_LIMITED_MESSAGE = 'Too many searches just now. Please wait a moment and search again.';

/** Addresses whose last count this gateway remembers (the most recent ones). */
const REMEMBERED_ADDRESSES = 10_000;
/** How long searches let through without waiting may go uncounted in Redis. */
export const SEARCH_RECORD_INTERVAL_MS = 50;
/** How long a count Redis answered is trusted to let an address search without waiting. */
const COUNT_TRUSTED_MS = 1000;

/**
 * SEARCH_RATE_LIMIT searches per SEARCH_RATE_WINDOW_SECONDS per client address, shared by every
 * gateway through Redis; past it, 429 RATE_LIMITED with Retry-After. A repeat the gateway answers from
 * its memory of catalogue answers never reaches this: it costs the catalog nothing.
 *
 * An address Redis counted well under its limit in the last second (under half of it, with what this
 * gateway let through since) searches without waiting: the search is counted here and sent to Redis
 * with the others of the next SEARCH_RECORD_INTERVAL_MS, one call per address. Otherwise (unknown,
 * or near the limit) Redis counts the search before it is made, one at a time, so every refusal is
 * Redis's and a refused search costs the catalog nothing. Through one gateway the limit is exact;
 * through several, an address goes past it by at most what each let through that Redis had not
 * counted yet: under half the limit each, for SEARCH_RECORD_INTERVAL_MS at most.
 */
@Injectable()
export class SearchRateLimit implements OnModuleDestroy {
  private readonly countSearches: Count;
  /** Members of an address's log: this gateway's own prefix and a number, unique without a UUID each. */
  private readonly memberPrefix = `${randomUUID()}:`;
  private members = 0;
  private readonly windowMs: number;
  private readonly limit: number;
  /**
   * Each address's count in its window as Redis last answered it (without what this gateway let
   * through since), and when; least recent first.
   */
  private readonly lastCounts = new Map<string, { count: number; at: number }>();
  /** Searches let through without waiting, by address, not yet in Redis. */
  private unrecorded = new Map<string, number>();
  private recordTimer?: NodeJS.Timeout;

  constructor(
    @Inject(REDIS) redis: Redis,
    config: GatewayConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    // Sent as EVALSHA: the script itself only when Redis does not know it yet.
    redis.defineCommand('countSearches', { numberOfKeys: 1, lua: COUNT });
    this.countSearches = (redis as unknown as { countSearches: Count }).countSearches.bind(redis);
    this.windowMs = config.SEARCH_RATE_WINDOW_SECONDS * 1000;
    this.limit = config.SEARCH_RATE_LIMIT;
  }

  onModuleDestroy(): Promise<void> {
    return this.recordNow();
  }

  /**
   * Counts a search: undefined when it may be made now, else a promise that settles when Redis has
   * counted it (rejected with 429 past the limit).
   */
  admit(request: FastifyRequest): Promise<void> | undefined {
    const address = countedAddress(request.ip);
    const last = this.lastCounts.get(address);
    if (last && Date.now() - last.at < COUNT_TRUSTED_MS) {
      const unrecorded = this.unrecorded.get(address) ?? 0;
      if ((last.count + unrecorded + 1) * 2 <= this.limit) {
        this.unrecorded.set(address, unrecorded + 1);
        this.recordTimer ??= setTimeout(() => void this.recordNow(), SEARCH_RECORD_INTERVAL_MS);
        return undefined;
      }
    }
    return this.askRedis(address);
  }

  /** Redis counts the search, with whatever this gateway let through for the address before it. */
  private async askRedis(address: string): Promise<void> {
    let waitMs: number;
    try {
      waitMs = await this.send(address, this.takeUnrecorded(address), '1');
    } catch (error) {
      // Search matters more than counting it: without Redis the limit is off, not search.
      this.logger.warn({ err: error }, 'search rate limit unavailable; search let through');
      return;
    }
    if (waitMs > 0)
      throw DomainError.retryLater(ErrorCode.RATE_LIMITED, SEARCH_LIMITED_MESSAGE, waitMs / 1000);
  }

  /** Sends the searches let through without waiting to Redis, and learns each address's count. */
  private async recordNow(): Promise<void> {
    clearTimeout(this.recordTimer);
    this.recordTimer = undefined;
    const addresses = [...this.unrecorded.keys()];
    await Promise.all(
      addresses.map((address) =>
        this.send(address, this.takeUnrecorded(address), '0').catch((error: unknown) =>
          this.logger.warn({ err: error }, 'searches let through could not be counted'),
        ),
      ),
    );
  }

  private takeUnrecorded(address: string): number {
    const searches = this.unrecorded.get(address) ?? 0;
    this.unrecorded.delete(address);
    return searches;
  }

  /** One call to Redis for an address: the milliseconds to wait (0 when counted), the count noted. */
  private async send(address: string, letThrough: number, askOneMore: '0' | '1'): Promise<number> {
    const first = this.members + 1;
    this.members += letThrough + Number(askOneMore);
    const [waitMs, count] = await this.countSearches(
      `gateway:search:${address}`,
      String(Date.now()),
      String(this.windowMs),
      String(this.limit),
      this.memberPrefix,
      String(first),
      String(letThrough),
      askOneMore,
    );
    this.remember(address, Number(count));
    return Number(waitMs);
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
