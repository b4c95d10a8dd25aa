import { Inject, Injectable } from '@nestjs/common';
import {
  DomainError,
  ErrorCode,
  Events,
  indiaDayOf,
  maskPhoneNumber,
  type AdminActor,
  type ProfileDeletedEvent,
  type UserDeleted,
  type Viewer as ViewerView,
  type ViewerSignedUp,
} from '@chitram/contracts';
import { LOGGER, type Logger, Outbox, recordAdminAction } from '@chitram/nest-kit';
import { DataSource } from 'typeorm';
import { MyListRepository } from '../my-list/my-list.repository';
import { ProfilesRepository } from '../profiles/profiles.repository';
import { toViewerView, Viewer } from './viewer.entity';

function notFound(): DomainError {
  return new DomainError(ErrorCode.NOT_FOUND, 'This account does not exist.');
}

@Injectable()
export class ViewersService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
    private readonly profiles: ProfilesRepository,
    private readonly lists: MyListRepository,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * The account of a number that just proved itself, created on its first sign-in (and announced, for
   * analytics, in the same transaction); notes the visit.
   */
  async findOrCreate(phoneNumber: string): Promise<ViewerView> {
    const row = await this.outbox.transaction(async (manager, emit) => {
      // One statement: two first sign-ins at once still make one account.
      const rows: Array<{
        id: string;
        phone_number: string;
        created_at: Date;
        last_seen_at: Date;
        created: boolean;
      }> = await manager.query(
        `INSERT INTO "viewer" ("phone_number") VALUES ($1)
           ON CONFLICT ("phone_number") DO UPDATE SET "last_seen_at" = now()
           RETURNING "id", "phone_number", "created_at", "last_seen_at", (xmax = 0) AS "created"`,
        [phoneNumber],
      );
      const created = rows[0];
      // The account's first profile has the viewer's id (D37); an account from before profiles has it by migration.
      await this.profiles.insertFirst(manager, created.id);
      if (created.created) {
        const at = new Date(created.created_at);
        const event: ViewerSignedUp = { viewerId: created.id, day: indiaDayOf(at), at: at.toISOString() };
        await emit(Events.viewerSignedUp, event);
      }
      return created;
    });
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
   * outbox: the event is published if and only if the account is gone. An admin's deletion is also
   * recorded in the audit trail, the number masked (D25: the profile goes).
   */
  async delete(id: string, actor?: AdminActor): Promise<void> {
    await this.outbox.transaction(async (manager, emit) => {
      // Its profiles go with the account (ON DELETE CASCADE): their lists here, their watch data where
      // each profile's deletion is heard (the first profile's with user.deleted).
      const profiles = await this.profiles.list(id, manager);
      await this.lists.forgetAccount(manager, id);
      const deleted: [Array<{ phone_number: string; created_at: Date; last_seen_at: Date }>, number] =
        await manager.query(
          'DELETE FROM "viewer" WHERE "id" = $1 RETURNING "phone_number", "created_at", "last_seen_at"',
          [id],
        );
      if (deleted[1] === 0) throw notFound();
      const deletedAt = new Date().toISOString();
      for (const profile of profiles.filter((one) => !one.isFirst)) {
        const gone: ProfileDeletedEvent = { accountId: id, profileId: profile._id, deletedAt };
        await emit(Events.profileDeleted, gone);
      }
      const event: UserDeleted = { viewerId: id, deletedAt };
      await emit(Events.userDeleted, event);
      const [viewer] = deleted[0];
      const phoneNumber = maskPhoneNumber(viewer.phone_number);
      await recordAdminAction(emit, actor, {
        action: 'deleted',
        entity: { type: 'viewer', id, label: phoneNumber },
        before: { phoneNumber, signedUpAt: viewer.created_at, lastSeenAt: viewer.last_seen_at },
      });
    });
    this.logger.info({ userId: id, byAdmin: actor?.adminId }, 'viewer account deleted');
  }
}
