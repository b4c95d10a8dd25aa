import { ADMIN_PAGE_SIZE } from '@chitram/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { containsPattern } from './catalogue-kit';

// Queries every kind of title shares (movies, series, episodes); each kind's own are in its repository.

/** Of these stored image keys, the ones no movie, series or episode uses any more (titles may share images). */
export async function unusedImages(manager: EntityManager, keys: string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows: Array<{ key: string }> = await manager.query(
    `SELECT k AS key FROM unnest($1::text[]) AS k
     WHERE NOT EXISTS (SELECT 1 FROM movie WHERE thumbnail = k OR banner = k OR title_image = k)
       AND NOT EXISTS (SELECT 1 FROM series WHERE title_image = k)
       AND NOT EXISTS (SELECT 1 FROM episode WHERE banner = k OR title_image = k)`,
    [keys],
  );
  return rows.map((row) => row.key);
}

/**
 * A page of an admin list (`from`: `movie m`, `episode e`, …; `columns` read with that alias), newest
 * first, searched by title and, for a kids profile, only of the ratings it may see (D37); with the number
 * of titles that match.
 */
export async function newestFirstPage<Row>(
  source: DataSource,
  from: string,
  columns: string,
  search: string | undefined,
  offset: number,
  ratings?: readonly string[],
): Promise<{ rows: Row[]; total: number }> {
  const alias = from.split(' ')[1];
  const conditions: string[] = [];
  const parameters: unknown[] = [];
  if (search) {
    parameters.push(containsPattern(search));
    conditions.push(`${alias}.title ILIKE $${parameters.length}`);
  }
  if (ratings) {
    parameters.push(ratings);
    conditions.push(`${alias}.rating = ANY($${parameters.length}::text[])`);
  }
  const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
  const [rows, [{ total }]] = await Promise.all([
    source.query<Row[]>(
      `SELECT ${columns} FROM ${from} ${where} ORDER BY ${alias}.created_at DESC, ${alias}.id
       LIMIT ${ADMIN_PAGE_SIZE} OFFSET ${offset}`,
      parameters,
    ),
    source.query<Array<{ total: number }>>(`SELECT count(*)::int AS total FROM ${from} ${where}`, parameters),
  ]);
  return { rows, total };
}
