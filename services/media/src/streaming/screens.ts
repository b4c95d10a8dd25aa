import { Inject, Injectable } from '@nestjs/common';
import { REDIS, type Redis } from '@chitram/nest-kit';

/**
 * Takes (or keeps) a viewer's screen: its slot lives `hold` ms from now. A screen the viewer already
 * holds keeps its slot (a new title, a reload); another one gets a slot only while fewer than `limit`
 * are live. Lapsed screens (no heartbeat) are dropped first. Answers 1 when held, 0 when refused.
 * Redis's own clock decides what has lapsed, so instances whose clocks differ agree.
 */
const TAKE = `
local now = redis.call('TIME')
local ms = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ms)
if not redis.call('ZSCORE', KEYS[1], ARGV[1]) and redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then
  return 0
end
redis.call('ZADD', KEYS[1], ms + tonumber(ARGV[3]), ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1`;

/** Keeps a live screen `hold` ms more; 0 when it had lapsed (or was released). */
const EXTEND = `
local now = redis.call('TIME')
local ms = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
local lapses = redis.call('ZSCORE', KEYS[1], ARGV[1])
if not lapses or tonumber(lapses) <= ms then
  redis.call('ZREM', KEYS[1], ARGV[1])
  return 0
end
redis.call('ZADD', KEYS[1], ms + tonumber(ARGV[2]), ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1`;

type ScreenScripts = Redis & {
  takeScreen(key: string, screenId: string, limit: number, holdMs: number): Promise<number>;
  extendScreen(key: string, screenId: string, holdMs: number): Promise<number>;
};

/**
 * The screens (sessions) each viewer is watching on (DECISIONS D24), shared by every media instance:
 * per viewer, a sorted set of screens by the instant each lapses. Each change is one Lua script, so
 * counting is right however many instances grant at once.
 */
@Injectable()
export class Screens {
  private readonly redis: ScreenScripts;

  constructor(@Inject(REDIS) redis: Redis) {
    redis.defineCommand('takeScreen', { numberOfKeys: 1, lua: TAKE });
    redis.defineCommand('extendScreen', { numberOfKeys: 1, lua: EXTEND });
    this.redis = redis as ScreenScripts;
  }

  /** Takes (or keeps) the screen for `seconds`, if the plan's `limit` allows; answers whether it is held. */
  async take(viewerId: string, screenId: string, limit: number, seconds: number): Promise<boolean> {
    return (await this.redis.takeScreen(screensKey(viewerId), screenId, limit, seconds * 1000)) === 1;
  }

  /** Keeps a live screen for `seconds` more; false when it had already lapsed. */
  async extend(viewerId: string, screenId: string, seconds: number): Promise<boolean> {
    return (await this.redis.extendScreen(screensKey(viewerId), screenId, seconds * 1000)) === 1;
  }

  async release(viewerId: string, screenId: string): Promise<boolean> {
    return (await this.redis.zrem(screensKey(viewerId), screenId)) > 0;
  }
}

/** The Redis key (under the service's prefix) of a viewer's screens. */
export function screensKey(viewerId: string): string {
  return `media:screens:${viewerId}`;
}
