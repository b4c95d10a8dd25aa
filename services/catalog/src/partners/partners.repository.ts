import { Injectable } from '@nestjs/common';
import {
  PARTNER_NAMES_LIMIT,
  PARTNER_PAGE_SIZE,
  PARTNER_TITLE_SEARCH_LIMIT,
  type CreatePartnerBody,
  type Language,
  type Partner,
  type PartnerName,
  type PartnerTitleKind,
  type PartnerTitleOption,
  type UpdatePartnerBody,
} from '@chitram/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { NAMED_TITLES, titleTotals } from '../analytics/viewing-report.repository';

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

interface PartnerRow {
  id: string;
  name: string;
  contact_person: string;
  email: string;
  phone: string;
  revenue_share_percent: string;
  title_count: number;
  created_at: Date;
  updated_at: Date;
}

/** Viewing of a period: plays and watch seconds (bigint sums arrive as text). */
export interface Viewing {
  plays: number;
  watchSeconds: number;
}

export interface PartnerViewing extends Viewing {
  partnerId: string;
  revenueSharePercent: number;
}

export interface TitleViewingRow extends Viewing {
  kind: PartnerTitleKind;
  titleId: string;
  title: string | null;
  language: Language | null;
}

const COLUMNS = `p."id", p."name", p."contact_person", p."email", p."phone", p."revenue_share_percent", p."created_at", p."updated_at",
  (SELECT count(*)::int FROM "partner_title" pt WHERE pt."partner_id" = p."id") AS "title_count"`;

const FIELDS: Record<keyof UpdatePartnerBody, string> = {
  name: 'name',
  contactPerson: 'contact_person',
  email: 'email',
  phone: 'phone',
  revenueSharePercent: 'revenue_share_percent',
};

/** `%` and `_` in a search term are the characters themselves, not patterns. */
const likeTerm = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function toPartner(r: PartnerRow): Partner {
  return {
    _id: r.id,
    name: r.name,
    contactPerson: r.contact_person,
    email: r.email,
    phone: r.phone,
    revenueSharePercent: Number(r.revenue_share_percent),
    titleCount: r.title_count,
    createdAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}

/** The partners, the titles each supplies, and their viewing over a period (from the viewing aggregates). */
@Injectable()
export class PartnersRepository {
  constructor(private readonly dataSource: DataSource) {}

  async insert(manager: EntityManager, body: CreatePartnerBody): Promise<Partner> {
    const [{ id }]: Array<{ id: string }> = await manager.query(
      `INSERT INTO "partner" ("name", "contact_person", "email", "phone", "revenue_share_percent")
       VALUES ($1, $2, $3, $4, $5) RETURNING "id"`,
      [body.name, body.contactPerson, body.email, body.phone, body.revenueSharePercent],
    );
    return (await this.find(id, manager)) as Partner;
  }

  /** Changes the fields given; answers the partner as it is now, or undefined when there is none. */
  async update(manager: EntityManager, id: string, changes: UpdatePartnerBody): Promise<Partner | undefined> {
    const params: unknown[] = [id];
    const sets = (Object.keys(FIELDS) as Array<keyof UpdatePartnerBody>)
      .filter((key) => changes[key] !== undefined)
      .map((key) => `"${FIELDS[key]}" = $${params.push(changes[key])}`);
    const updated: [unknown[], number] = await manager.query(
      `UPDATE "partner" SET ${[...sets, `"updated_at" = now()`].join(', ')} WHERE "id" = $1`,
      params,
    );
    return updated[1] ? this.find(id, manager) : undefined;
  }

  /** Deletes the partner; their titles stay, without a partner. */
  async delete(manager: EntityManager, id: string): Promise<void> {
    await manager.query(`DELETE FROM "partner" WHERE "id" = $1`, [id]);
  }

  /** The partner; with `lock`, held until the transaction ends (a write's "before"). */
  async find(
    id: string,
    manager: EntityManager = this.dataSource.manager,
    { lock = false } = {},
  ): Promise<Partner | undefined> {
    const [row]: PartnerRow[] = await manager.query(
      `SELECT ${COLUMNS} FROM "partner" p WHERE p."id" = $1${lock ? ' FOR UPDATE' : ''}`,
      [id],
    );
    return row && toPartner(row);
  }

  /** A page of partners by name, those whose name holds `search` when given. */
  async page(search: string | undefined, page: number): Promise<{ partners: Partner[]; total: number }> {
    const where = search ? `WHERE p."name" ILIKE $1` : '';
    const params = search ? [likeTerm(search)] : [];
    const [rows, [{ total }]] = await Promise.all([
      this.dataSource.query<PartnerRow[]>(
        `SELECT ${COLUMNS} FROM "partner" p ${where} ORDER BY lower(p."name"), p."id"
          LIMIT ${PARTNER_PAGE_SIZE} OFFSET ${(page - 1) * PARTNER_PAGE_SIZE}`,
        params,
      ),
      this.dataSource.query<Array<{ total: number }>>(
        `SELECT count(*)::int AS "total" FROM "partner" p ${where}`,
        params,
      ),
    ]);
    return { partners: rows.map(toPartner), total };
  }

  async names(): Promise<PartnerName[]> {
    const rows: Array<{ id: string; name: string }> = await this.dataSource.query(
      `SELECT "id", "name" FROM "partner" ORDER BY lower("name"), "id" LIMIT ${PARTNER_NAMES_LIMIT}`,
    );
    return rows.map((r) => ({ _id: r.id, name: r.name }));
  }

  /** A movie's or episode's title, or undefined when there is no such title. */
  async titleName(
    manager: EntityManager,
    kind: PartnerTitleKind,
    titleId: string,
  ): Promise<string | undefined> {
    const [row]: Array<{ title: string }> = await manager.query(
      `SELECT "title" FROM "${kind}" WHERE "id" = $1`,
      [titleId],
    );
    return row?.title;
  }

  /** Gives the title to the partner (taking it from any other), or to none with null. */
  async assign(
    manager: EntityManager,
    kind: PartnerTitleKind,
    titleId: string,
    partnerId: string | null,
  ): Promise<void> {
    if (partnerId === null) {
      await manager.query(`DELETE FROM "partner_title" WHERE "kind" = $1 AND "title_id" = $2`, [
        kind,
        titleId,
      ]);
      return;
    }
    await manager.query(
      `INSERT INTO "partner_title" ("kind", "title_id", "partner_id") VALUES ($1, $2, $3)
       ON CONFLICT ("kind", "title_id") DO UPDATE SET "partner_id" = EXCLUDED."partner_id", "assigned_at" = now()`,
      [kind, titleId, partnerId],
    );
  }

  /** A series' title and the ids of its episodes, or undefined when there is no such series. */
  async seriesEpisodes(
    manager: EntityManager,
    seriesId: string,
  ): Promise<{ title: string; episodeIds: string[] } | undefined> {
    const [series]: Array<{ title: string }> = await manager.query(
      `SELECT "title" FROM "series" WHERE "id" = $1`,
      [seriesId],
    );
    if (!series) return undefined;
    const rows: Array<{ id: string }> = await manager.query(
      `SELECT "id" FROM "episode" WHERE "series_id" = $1`,
      [seriesId],
    );
    return { title: series.title, episodeIds: rows.map((r) => r.id) };
  }

  /** The one partner of all a series' episodes, or null when they have none or several. */
  seriesPartner(
    seriesId: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<PartnerName | null> {
    return seriesPartnerOf(manager, seriesId);
  }

  async partnerOf(
    kind: PartnerTitleKind,
    titleId: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<PartnerName | null> {
    const [row]: Array<{ id: string; name: string }> = await manager.query(
      `SELECT p."id", p."name" FROM "partner_title" pt JOIN "partner" p ON p."id" = pt."partner_id"
        WHERE pt."kind" = $1 AND pt."title_id" = $2`,
      [kind, titleId],
    );
    return row ? { _id: row.id, name: row.name } : null;
  }

  /** Movies and shows whose title holds `search`, each with its partner now. */
  async searchTitles(search: string): Promise<PartnerTitleOption[]> {
    const rows: Array<{
      kind: PartnerTitleKind;
      title_id: string;
      title: string;
      language: Language | null;
      partner_id: string | null;
      partner_name: string | null;
    }> = await this.dataSource.query(
      `WITH found AS (
         SELECT 'movie' AS "kind", m."id" AS "title_id" FROM "movie" m WHERE m."title" ILIKE $1
         UNION ALL
         SELECT 'episode', e."id" FROM "episode" e WHERE e."title" ILIKE $1)
       SELECT n."kind", n."title_id", n."title", n."language", p."id" AS "partner_id", p."name" AS "partner_name"
         FROM (${NAMED_TITLES('found')}) n
         LEFT JOIN "partner_title" pt ON pt."kind" = n."kind" AND pt."title_id" = n."title_id"
         LEFT JOIN "partner" p ON p."id" = pt."partner_id"
        ORDER BY lower(n."title"), n."title_id" LIMIT ${PARTNER_TITLE_SEARCH_LIMIT}`,
      [likeTerm(search)],
    );
    return rows.map((r) => ({
      kind: r.kind,
      titleId: r.title_id,
      title: r.title,
      language: r.language,
      partner: r.partner_id && r.partner_name ? { _id: r.partner_id, name: r.partner_name } : null,
    }));
  }

  /** All viewing of the period, every title. */
  async periodViewing(from: string, to: string): Promise<Viewing> {
    const [row]: Array<{ plays: number; watch_seconds: string }> = await this.dataSource.query(
      `SELECT coalesce(sum("plays"), 0)::int AS "plays", coalesce(sum("watch_seconds"), 0)::bigint AS "watch_seconds"
         FROM "viewing_day" WHERE "day" BETWEEN $1 AND $2`,
      [from, to],
    );
    return { plays: row.plays, watchSeconds: Number(row.watch_seconds) };
  }

  /** Every partner's viewing of the period (those without any included, with zeros), and their share %. */
  async partnersViewing(from: string, to: string): Promise<PartnerViewing[]> {
    const params: unknown[] = [];
    const rows: Array<{ id: string; percent: string; plays: number; watch_seconds: string }> =
      await this.dataSource.query(
        `SELECT p."id", p."revenue_share_percent" AS "percent",
                coalesce(sum(v."plays"), 0)::int AS "plays", coalesce(sum(v."watch_seconds"), 0)::bigint AS "watch_seconds"
           FROM "partner" p
           LEFT JOIN "partner_title" pt ON pt."partner_id" = p."id"
           LEFT JOIN ${titleTotals(params, from, to)} v ON v."title_id" = pt."title_id" AND v."kind" = pt."kind"
          GROUP BY p."id"`,
        params,
      );
    return rows.map((r) => ({
      partnerId: r.id,
      revenueSharePercent: Number(r.percent),
      plays: r.plays,
      watchSeconds: Number(r.watch_seconds),
    }));
  }

  /** The partner's titles with their viewing of the period, most watched first. */
  async titlesViewing(partnerId: string, from: string, to: string): Promise<TitleViewingRow[]> {
    const params: unknown[] = [];
    const rows: Array<{
      kind: PartnerTitleKind;
      title_id: string;
      title: string | null;
      language: Language | null;
      plays: number;
      watch_seconds: string;
    }> = await this.dataSource.query(
      `WITH summed AS (
         SELECT pt."kind", pt."title_id", pt."assigned_at",
                coalesce(v."plays", 0)::int AS "plays", coalesce(v."watch_seconds", 0)::bigint AS "watch_seconds"
           FROM "partner_title" pt
           LEFT JOIN ${titleTotals(params, from, to)} v ON v."title_id" = pt."title_id" AND v."kind" = pt."kind"
          WHERE pt."partner_id" = $${params.push(partnerId)})
       ${NAMED_TITLES('summed')}
       ORDER BY t."watch_seconds" DESC, t."plays" DESC, t."assigned_at", t."title_id"`,
      params,
    );
    return rows.map((r) => ({
      kind: r.kind,
      titleId: r.title_id,
      title: r.title,
      language: r.language,
      plays: r.plays,
      watchSeconds: Number(r.watch_seconds),
    }));
  }
}
