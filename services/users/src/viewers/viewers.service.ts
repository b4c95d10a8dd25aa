import { Inject, Injectable } from '@nestjs/common';
import {
  DomainError,
  ErrorCode,
  Events,
  type UserDeleted,
  type Viewer as ViewerView,
} from '@chitram/contracts';
import { LOGGER, type Logger, Outbox } from '@chitram/nest-kit';
import { DataSource } from 'typeorm';
import { toViewerView, Viewer } from './viewer.entity';

function notFound(): DomainError {
  return new DomainError(ErrorCode.NOT_FOUND, 'This account does not exist.');
}

@Injectable()
export class ViewersService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** The account of a number that just proved itself, created on its first sign-in; notes the visit. */
  async findOrCreate(phoneNumber: string): Promise<ViewerView> {
    // One statement: two first sign-ins at once still make one account.
    const rows: Array<{
      id: string;
      phone_number: string;
      created_at: Date;
      last_seen_at: Date;
      created: boolean;
    }> = await this.dataSource.query(
      `INSERT INTO "viewer" ("phone_number") VALUES ($1)
         ON CONFLICT ("phone_number") DO UPDATE SET "last_seen_at" = now()
         RETURNING "id", "phone_number", "created_at", "last_seen_at", (xmax = 0) AS "created"`,
      [phoneNumber],
    );
    const row = rows[0];
    if (row.created) this.logger.info({ userId: row.id }, 'viewer account created');
    return toViewerView({
      id: row.id,
      phoneNumber: row.phone_number,
      createdAt: row.created_at,
      lastSeenAt: row.last_seen_at,
    });
  }

  async get(id: string): Promise<ViewerView> {
    const viewer = await this.dataSource.getRepository(Viewer).findOneBy({ id });
    if (!viewer) throw notFound();
    return toViewerView(viewer);
  }

  /**
   * Deletes the account (DECISIONS D25) and, in the same transaction, writes `user.deleted` to the
   * outbox: the event is published if and only if the account is gone.
   */
  async delete(id: string): Promise<void> {
    await this.outbox.transaction(async (manager, emit) => {
      const deleted: [Array<{ id: string }>, number] = await manager.query(
        'DELETE FROM "viewer" WHERE "id" = $1 RETURNING "id"',
        [id],
      );
      if (deleted[1] === 0) throw notFound();
      const event: UserDeleted = { userId: id, deletedAt: new Date().toISOString() };
      await emit(Events.userDeleted, event);
    });
    this.logger.info({ userId: id }, 'viewer account deleted');
  }
}
