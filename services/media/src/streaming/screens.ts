import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { defineCounter, defineGauge, REDIS, ScrapeProbes, type Redis } from '@chitram/nest-kit';

/** Screens asked for (served at `/metrics`): granted, or refused (the plan's limit was reached). */
const screenRequests = defineCounter({
  name: 'chitram_screen_requests_total',
  help: 'Screens viewers asked to play on, by outcome (granted, refused: the plan allows no more)',
  labelNames: ['outcome'] as const,
});

const liveScreenProbes = new ScrapeProbes<number>();

defineGauge({
  name: 'chitram_active_screens',
  help: 'Screens playing now across the platform (every media instance reports the same count)',
  async collect() {
    const [count] = await liveScreenProbes.read();
    this.reset();
    if (count !== undefined) this.set(count);
  },
});

/** Keys of viewers' screens looked at per SCAN step when counting the live ones. */
const SCAN_COUNT = 500;

/**
 * Takes (or keeps) a viewer's screen: its slot lives `hold` ms from now. A screen the viewer already
 * holds keeps its slot (a new title, a reload); another one gets a slot only while fewer than `limit`
 * are live. Lapsed screens (no heartbeat) are dropped first. Answers 1 when held, 0 when refused.
 * Redis's own clock decides what has lapsed, so instances whose clocks differ agree.
 * KEYS[2] keeps, per screen, what it plays (for the admin's view): the video, since when, the last beat.
 */
const TAKE = `
local now = redis.call('TIME')
local ms = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
local lapsed = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ms)
if #lapsed > 0 then
  redis.call('ZREM', KEYS[1], unpack(lapsed))
  redis.call('HDEL', KEYS[2], unpack(lapsed))
end
if not redis.call('ZSCORE', KEYS[1], ARGV[1]) and redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then
  return 0
end
redis.call('ZADD', KEYS[1], ms + tonumber(ARGV[3]), ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
local started = ms
local was = redis.call('HGET', KEYS[2], ARGV[1])
if was then
  local info = cjson.decode(was)
  if info.v == ARGV[4] then started = info.s end
end
redis.call('HSET', KEYS[2], ARGV[1], cjson.encode({ v = ARGV[4], s = started, b = ms }))
redis.call('PEXPIRE', KEYS[2], ARGV[3])
return 1`;

/** Keeps a live screen `hold` ms more; 0 when it had lapsed (or was released). */
const EXTEND = `
local now = redis.call('TIME')
local ms = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
local lapses = redis.call('ZSCORE', KEYS[1], ARGV[1])
if not lapses or tonumber(lapses) <= ms then
  redis.call('ZREM', KEYS[1], ARGV[1])
  redis.call('HDEL', KEYS[2], ARGV[1])
  return 0
end
redis.call('ZADD', KEYS[1], ms + tonumber(ARGV[2]), ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
local was = redis.call('HGET', KEYS[2], ARGV[1])
if was then
  local info = cjson.decode(was)
  info.b = ms
  redis.call('HSET', KEYS[2], ARGV[1], cjson.encode(info))
  redis.call('PEXPIRE', KEYS[2], ARGV[2])
end
return 1`;

/** The live screens, without changing anything: id, what it plays (JSON, or false), in turn. */
const LIST = `
local now = redis.call('TIME')
local ms = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
local live = redis.call('ZRANGEBYSCORE', KEYS[1], '(' .. ms, '+inf')
local answer = {}
for _, screen in ipairs(live) do
  answer[#answer + 1] = screen
  answer[#answer + 1] = redis.call('HGET', KEYS[2], screen)
end
return answer`;

type ScreenScripts = Redis & {
  takeScreen(
    key: string,
    infoKey: string,
    screenId: string,
    limit: number,
    holdMs: number,
    videoId: string,
  ): Promise<number>;
  extendScreen(key: string, infoKey: string, screenId: string, holdMs: number): Promise<number>;
  listScreens(key: string, infoKey: string): Promise<Array<string | null>>;
};

/** What a live screen plays, as the viewer's page in the back office shows it. */
export interface LiveScreen {
  screenId: string;
  videoId: string;
  startedAt: Date;
  lastBeatAt: Date;
}

/**
 * The screens (sessions) each viewer is watching on (DECISIONS D24), shared by every media instance:
 * per viewer, a sorted set of screens by the instant each lapses. Each change is one Lua script, so
 * counting is right however many instances grant at once.
 */
@Injectable()
export class Screens implements OnModuleDestroy {
  private readonly redis: ScreenScripts;
  private readonly unprobe: () => void;

  constructor(@Inject(REDIS) redis: Redis) {
    redis.defineCommand('takeScreen', { numberOfKeys: 2, lua: TAKE });
    redis.defineCommand('extendScreen', { numberOfKeys: 2, lua: EXTEND });
    redis.defineCommand('listScreens', { numberOfKeys: 2, lua: LIST });
    this.redis = redis as ScreenScripts;
    this.unprobe = liveScreenProbes.add(() => this.countLive());
  }

  onModuleDestroy(): void {
    this.unprobe();
  }

  /**
   * The screens live now across all viewers, for the metrics (read at scrape time, never on a
   * request): a SCAN of the viewers' screen sets, which exist only while a screen is held, each counted
   * from Redis's own clock.
   */
  async countLive(): Promise<number> {
    const prefix = this.redis.options.keyPrefix ?? '';
    const [seconds, micros] = await this.redis.time();
    const nowMs = Number(seconds) * 1000 + Math.floor(Number(micros) / 1000);
    let cursor = '0';
    let live = 0;
    do {
      // SCAN's pattern is not prefixed by ioredis; the keys it finds carry the prefix.
      const [next, keys] = await this.redis.scan(
        cursor,
        'MATCH',
        `${prefix}${screensKey('*')}`,
        'COUNT',
        SCAN_COUNT,
      );
      cursor = next;
      const sets = keys.filter((key) => !key.endsWith(':info')).map((key) => key.slice(prefix.length));
      if (sets.length) {
        const pipeline = this.redis.pipeline();
        for (const key of sets) pipeline.zcount(key, `(${nowMs}`, '+inf');
        for (const [error, count] of (await pipeline.exec()) ?? []) if (!error) live += Number(count);
      }
    } while (cursor !== '0');
    return live;
  }

  /**
   * Takes (or keeps) the screen for `seconds` to play `videoId`, if the plan's `limit` allows; answers
   * whether it is held.
   */
  async take(
    viewerId: string,
    screenId: string,
    limit: number,
    seconds: number,
    videoId: string,
  ): Promise<boolean> {
    const held = await this.redis.takeScreen(
      screensKey(viewerId),
      screenInfoKey(viewerId),
      screenId,
      limit,
      seconds * 1000,
      videoId,
    );
    screenRequests.inc({ outcome: held === 1 ? 'granted' : 'refused' });
    return held === 1;
  }

  /** Keeps a live screen for `seconds` more; false when it had already lapsed. */
  async extend(viewerId: string, screenId: string, seconds: number): Promise<boolean> {
    const kept = await this.redis.extendScreen(
      screensKey(viewerId),
      screenInfoKey(viewerId),
      screenId,
      seconds * 1000,
    );
    return kept === 1;
  }

  async release(viewerId: string, screenId: string): Promise<boolean> {
    const [[, removed]] = (await this.redis
      .multi()
      .zrem(screensKey(viewerId), screenId)
      .hdel(screenInfoKey(viewerId), screenId)
      .exec()) as Array<[Error | null, number]>;
    return removed > 0;
  }

  /** The viewer's live screens and what each plays, newest first; reads only. */
  async list(viewerId: string): Promise<LiveScreen[]> {
    const flat = await this.redis.listScreens(screensKey(viewerId), screenInfoKey(viewerId));
    const screens: LiveScreen[] = [];
    for (let i = 0; i < flat.length; i += 2) {
      const info = flat[i + 1];
      // A screen taken before its plays were noted has nothing to show yet.
      if (typeof info !== 'string') continue;
      const { v, s, b } = JSON.parse(info) as { v: string; s: number; b: number };
      screens.push({
        screenId: String(flat[i]),
        videoId: v,
        startedAt: new Date(s),
        lastBeatAt: new Date(b),
      });
    }
    return screens.sort((a, b) => b.startedAt.getTime() - a.startedAt.getTime());
  }
}

/** The Redis key (under the service's prefix) of a viewer's screens. */
export function screensKey(viewerId: string): string {
  return `media:screens:${viewerId}`;
}

/** The Redis key of what each of a viewer's screens plays (a hash by screen, cleared with the screen). */
export function screenInfoKey(viewerId: string): string {
  return `media:screens:${viewerId}:info`;
}
