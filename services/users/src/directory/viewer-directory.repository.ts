import { Injectable } from '@nestjs/common';
import {
  ADMIN_PAGE_SIZE,
  type ListedViewer,
  type ProfileFigures,
  type ViewerFigures,
} from '@chitram/contracts';
import { DataSource } from 'typeorm';
import { toListedViewer, type Viewer } from '../viewers/viewer.entity';
import type { PhoneFilter } from './phone-search';

type ViewerRow = Pick<Viewer, 'id' | 'phoneNumber' | 'createdAt' | 'lastSeenAt'>;

const VIEWER_COLUMNS = `"id", "phone_number" AS "phoneNumber", "created_at" AS "createdAt", "last_seen_at" AS "lastSeenAt"`;
/** Sign-ups listed on the dashboard. */
const LATEST_SIGN_UPS = 10;

/** The admin's reads of the viewer accounts: the searched list and the dashboard's figures, numbers masked. */
@Injectable()
export class ViewerDirectoryRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Newest sign-ups first; a number search is a substring match served by the trigram index. */
  async page(filter: PhoneFilter, offset: number): Promise<{ viewers: ListedViewer[]; total: number }> {
    if (filter.kind === 'nobody') return { viewers: [], total: 0 };
    const where = filter.kind === 'containing' ? `WHERE "phone_number" ILIKE '%' || $1 || '%'` : '';
    const params = filter.kind === 'containing' ? [filter.digits] : [];
    const [rows, [{ total }]] = await Promise.all([
      this.dataSource.query<ViewerRow[]>(
        `SELECT ${VIEWER_COLUMNS} FROM "viewer" ${where} ORDER BY "created_at" DESC, "id"
          LIMIT ${ADMIN_PAGE_SIZE} OFFSET ${offset}`,
        params,
      ),
      this.dataSource.query<Array<{ total: number }>>(
        `SELECT count(*)::int AS "total" FROM "viewer" ${where}`,
        params,
      ),
    ]);
    return { viewers: rows.map(toListedViewer), total };
  }

  async figures(): Promise<ViewerFigures> {
    // The total is kept by the database as accounts come and go; the week's a range of the sign-up index.
    const [[{ total }], [{ newThisWeek }], profiles, latest] = await Promise.all([
      this.dataSource.query<Array<{ total: number }>>(`SELECT "viewers"::int AS "total" FROM "viewer_tally"`),
      this.dataSource.query<Array<{ newThisWeek: number }>>(
        `SELECT count(*)::int AS "newThisWeek" FROM "viewer" WHERE "created_at" > now() - interval '7 days'`,
      ),
      this.profileFigures(),
      this.dataSource.query<ViewerRow[]>(
        `SELECT ${VIEWER_COLUMNS} FROM "viewer" ORDER BY "created_at" DESC, "id" LIMIT ${LATEST_SIGN_UPS}`,
      ),
    ]);
    return { total, newThisWeek, profiles, latestSignUps: latest.map(toListedViewer) };
  }

  /**
   * Profiles per account (issue 22): one pass over the profiles, grouped by account along the
   * account's name index. At most five an account, so a few rows come back.
   */
  private async profileFigures(): Promise<ProfileFigures> {
    const rows = await this.dataSource.query<Array<{ profiles: number; accounts: number; kids: number }>>(
      `SELECT "profiles"::int, count(*)::int AS "accounts", sum("kids")::int AS "kids"
         FROM (SELECT count(*) AS "profiles", count(*) FILTER (WHERE "maturity" <> 'adult') AS "kids"
                 FROM "profile" GROUP BY "account_id") AS "per_account"
        GROUP BY "profiles" ORDER BY "profiles"`,
    );
    return {
      total: rows.reduce((sum, row) => sum + row.profiles * row.accounts, 0),
      accountsByProfiles: rows.map(({ profiles, accounts }) => ({ profiles, accounts })),
      kids: rows.reduce((sum, row) => sum + row.kids, 0),
    };
  }
}
