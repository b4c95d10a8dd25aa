import { Events, type AdminActionRecorded } from '@chitram/contracts';
import type { DataSource } from 'typeorm';

/** The admin actions a service's outbox holds about one record, oldest first (audit trail tests). */
export async function recordedAbout(
  dataSource: DataSource,
  entityId: string,
): Promise<AdminActionRecorded[]> {
  const rows: Array<{ payload: AdminActionRecorded }> = await dataSource.query(
    `SELECT "payload" FROM "outbox_event" WHERE "subject" = $1 AND "payload"->'entity'->>'id' = $2
     ORDER BY "created_at", "id"`,
    [Events.adminActionRecorded, entityId],
  );
  return rows.map((row) => row.payload);
}
