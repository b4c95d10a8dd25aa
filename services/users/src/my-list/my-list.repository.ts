import { Injectable } from '@nestjs/common';
import type { ListedKind, MyListEntry } from '@chitram/contracts';
import { DataSource, type EntityManager } from 'typeorm';

/** The longest list kept: adding past it drops nothing, the page shows the newest this many. */
export const MY_LIST_LENGTH = 200;

const ENTRY_COLUMNS = `"kind", "title_id" AS "titleId", "added_at" AS "addedAt"`;

function toEntry(row: { kind: ListedKind; titleId: string; addedAt: Date }): MyListEntry {
  return { kind: row.kind, titleId: row.titleId, addedAt: new Date(row.addedAt).toISOString() };
}

/** The rows of My List (issue 22), keyed by profile (today the viewer's id: the account's first profile). */
@Injectable()
export class MyListRepository {
  constructor(private readonly dataSource: DataSource) {}

  async list(profileId: string): Promise<MyListEntry[]> {
    const rows = await this.dataSource.query<Array<{ kind: ListedKind; titleId: string; addedAt: Date }>>(
      `SELECT ${ENTRY_COLUMNS} FROM "my_list_entry" WHERE "profile_id" = $1
        ORDER BY "added_at" DESC, "title_id" LIMIT ${MY_LIST_LENGTH}`,
      [profileId],
    );
    return rows.map(toEntry);
  }

  /** Adds the title once: a second add leaves the first entry (and its place in the list) as it was. */
  async add(profileId: string, kind: ListedKind, titleId: string): Promise<MyListEntry> {
    await this.dataSource.query(
      `INSERT INTO "my_list_entry" ("profile_id", "title_id", "kind") VALUES ($1, $2, $3)
        ON CONFLICT ("profile_id", "title_id") DO NOTHING`,
      [profileId, titleId, kind],
    );
    const [row] = await this.dataSource.query<Array<{ kind: ListedKind; titleId: string; addedAt: Date }>>(
      `SELECT ${ENTRY_COLUMNS} FROM "my_list_entry" WHERE "profile_id" = $1 AND "title_id" = $2`,
      [profileId, titleId],
    );
    return toEntry(row);
  }

  async remove(profileId: string, titleId: string): Promise<boolean> {
    const [, count] = await this.dataSource.query<[unknown, number]>(
      `DELETE FROM "my_list_entry" WHERE "profile_id" = $1 AND "title_id" = $2`,
      [profileId, titleId],
    );
    return count > 0;
  }

  /** Titles gone from the catalogue leave every list. */
  async removeTitles(manager: EntityManager, titleIds: string[]): Promise<void> {
    await manager.query(`DELETE FROM "my_list_entry" WHERE "title_id" = ANY($1::uuid[])`, [titleIds]);
  }

  /** A deleted profile's list goes (D37). */
  async forgetProfile(manager: EntityManager, profileId: string): Promise<void> {
    await manager.query(`DELETE FROM "my_list_entry" WHERE "profile_id" = $1`, [profileId]);
  }

  /** The lists of every profile of an account, deleted with the account in its transaction (D25, D37). */
  async forgetAccount(manager: EntityManager, accountId: string): Promise<void> {
    await manager.query(
      `DELETE FROM "my_list_entry" WHERE "profile_id" IN (SELECT "id" FROM "profile" WHERE "account_id" = $1)`,
      [accountId],
    );
  }

  /** A deleted account's lists go (D25): its first profile has the viewer's id. */
  async forgetViewer(manager: EntityManager, viewerId: string): Promise<void> {
    await manager.query(`DELETE FROM "my_list_entry" WHERE "profile_id" = $1`, [viewerId]);
  }
}
