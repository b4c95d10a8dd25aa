import { Injectable } from '@nestjs/common';
import { DomainError, ErrorCode, type ReminderSettings } from '@chitram/contracts';
import { DataSource, type EntityManager } from 'typeorm';

/** Who a reminder goes to: the account's number, if the viewer wants reminders by SMS. */
export interface ReminderRecipient {
  phoneNumber: string;
  smsReminders: boolean;
}

function noAccount(): DomainError {
  return new DomainError(ErrorCode.NOT_FOUND, 'This account does not exist.');
}

/** The account's reminder settings (D40), on the viewer row: one number, one choice. */
@Injectable()
export class ReminderSettingsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async get(viewerId: string): Promise<ReminderSettings> {
    const rows: ReminderSettings[] = await this.dataSource.query(
      `SELECT "sms_reminders" AS "smsReminders" FROM "viewer" WHERE "id" = $1`,
      [viewerId],
    );
    if (!rows[0]) throw noAccount();
    return rows[0];
  }

  async set(viewerId: string, smsReminders: boolean): Promise<ReminderSettings> {
    const [rows]: [ReminderSettings[], number] = await this.dataSource.query(
      `UPDATE "viewer" SET "sms_reminders" = $2 WHERE "id" = $1 RETURNING "sms_reminders" AS "smsReminders"`,
      [viewerId, smsReminders],
    );
    if (!rows[0]) throw noAccount();
    return rows[0];
  }

  /** The account's number and choice, read in the handler's transaction; null once it is deleted (D25). */
  async recipient(manager: EntityManager, viewerId: string): Promise<ReminderRecipient | null> {
    const rows: Array<{ phone_number: string; sms_reminders: boolean }> = await manager.query(
      `SELECT "phone_number", "sms_reminders" FROM "viewer" WHERE "id" = $1`,
      [viewerId],
    );
    return rows[0] ? { phoneNumber: rows[0].phone_number, smsReminders: rows[0].sms_reminders } : null;
  }
}
