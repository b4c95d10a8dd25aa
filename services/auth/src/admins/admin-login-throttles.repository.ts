import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AdminLoginThrottle } from './admin-login-throttle.entity';

/** The fields of a throttle record the rules change. */
export type ThrottleChanges = Partial<
  Pick<AdminLoginThrottle, 'failedLogins' | 'failureWindowStartedAt' | 'lockouts' | 'lockedUntil'>
>;

/** Every SQL statement of admin sign-in throttling per e-mail and address (table admin_login_throttle); the rules are EmailThrottle's. */
@Injectable()
export class AdminLoginThrottlesRepository {
  /** The record of the e-mail from the address, created if new, locked until the transaction ends. */
  async hold(manager: EntityManager, email: string, address: string): Promise<AdminLoginThrottle> {
    await manager.query(
      `INSERT INTO "admin_login_throttle" ("email", "address") VALUES ($1, $2) ON CONFLICT ("email", "address") DO NOTHING`,
      [email, address],
    );
    return manager
      .getRepository(AdminLoginThrottle)
      .findOneOrFail({ where: { email, address }, lock: { mode: 'pessimistic_write' } });
  }

  async update(
    manager: EntityManager,
    { email, address }: Pick<AdminLoginThrottle, 'email' | 'address'>,
    changes: ThrottleChanges,
  ): Promise<void> {
    await manager.getRepository(AdminLoginThrottle).update({ email, address }, changes);
  }

  async delete(manager: EntityManager, email: string, address: string): Promise<void> {
    await manager.delete(AdminLoginThrottle, { email, address });
  }

  /** Removes the records untouched for longer than `seconds`. */
  async deleteQuietFor(manager: EntityManager, seconds: number): Promise<void> {
    await manager.query(
      `DELETE FROM "admin_login_throttle" WHERE "updated_at" < now() - make_interval(secs => $1)`,
      [seconds],
    );
  }
}
