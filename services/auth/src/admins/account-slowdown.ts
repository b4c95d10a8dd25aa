import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable } from '@nestjs/common';
import { REDIS, type Redis } from '@chitram/nest-kit';
import { AuthConfig } from '../config';

const key = (email: string) => `auth:admin-login:email:${email}`;

/**
 * DECISIONS D6's "then a growing wait", per typed e-mail across all client addresses (issue 20): once
 * ADMIN_LOGIN_MAX_FAILURES failures from anywhere fall within ADMIN_LOGIN_WINDOW_SECONDS, every answer
 * for that e-mail waits ADMIN_LOGIN_DELAY_MS before it is given, twice as long for each further
 * failure, up to ADMIN_LOGIN_DELAY_MAX_MS. It only slows: a stranger spread over many addresses cannot
 * turn it into a refusal of the admin, whose right password still signs in after the wait. Kept for
 * every e-mail typed, an admin's or not, so the wait tells nobody which e-mails are real.
 */
@Injectable()
export class AccountSlowdown {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly config: AuthConfig,
  ) {}

  /** How long an answer for the e-mail waits now, in milliseconds. */
  async delayFor(email: string): Promise<number> {
    const c = this.config;
    await this.redis.zremrangebyscore(key(email), '-inf', Date.now() - c.ADMIN_LOGIN_WINDOW_SECONDS * 1000);
    const beyond = (await this.redis.zcard(key(email))) - c.ADMIN_LOGIN_MAX_FAILURES;
    if (beyond < 0) return 0;
    return Math.min(c.ADMIN_LOGIN_DELAY_MS * 2 ** Math.min(beyond, 30), c.ADMIN_LOGIN_DELAY_MAX_MS);
  }

  async wait(email: string): Promise<void> {
    const ms = await this.delayFor(email);
    if (ms > 0) await sleep(ms);
  }

  async countFailure(email: string): Promise<void> {
    await this.redis
      .multi()
      .zadd(key(email), Date.now(), randomUUID())
      .pexpire(key(email), this.config.ADMIN_LOGIN_WINDOW_SECONDS * 1000)
      .exec();
  }

  /** The right password forgets the e-mail's failures. */
  async clear(email: string): Promise<void> {
    await this.redis.del(key(email));
  }
}
