import type { PartnerName } from '@chitram/contracts';
import type { EntityManager } from 'typeorm';

/**
 * A series' partner is that of every episode in it (partners supply movies and episodes). These two
 * are shared with the show writes, so that an episode added to a series takes the series' partner.
 */

/** The one partner of all a series' episodes, or null when they have none or several. */
export async function seriesPartnerOf(manager: EntityManager, seriesId: string): Promise<PartnerName | null> {
  const rows: Array<{ id: string | null; name: string | null }> = await manager.query(
    `SELECT DISTINCT p."id", p."name" FROM "episode" e
       LEFT JOIN "partner_title" pt ON pt."kind" = 'episode' AND pt."title_id" = e."id"
       LEFT JOIN "partner" p ON p."id" = pt."partner_id"
      WHERE e."series_id" = $1 LIMIT 2`,
    [seriesId],
  );
  const [only] = rows;
  return rows.length === 1 && only.id && only.name ? { _id: only.id, name: only.name } : null;
}

/** Gives episodes just added to a series the partner the series had before (none: nothing to do). */
export async function inheritSeriesPartner(
  manager: EntityManager,
  partner: PartnerName | null,
  episodeIds: string[],
): Promise<void> {
  if (!partner || episodeIds.length === 0) return;
  await manager.query(
    `INSERT INTO "partner_title" ("kind", "title_id", "partner_id")
     SELECT 'episode', e."id", $2 FROM unnest($1::uuid[]) AS e("id")
     ON CONFLICT ("kind", "title_id") DO NOTHING`,
    [episodeIds, partner._id],
  );
}
