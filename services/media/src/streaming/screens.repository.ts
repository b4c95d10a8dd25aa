import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** The screens (sessions) each viewer is watching on (DECISIONS D24), shared by every media instance. */
@Injectable()
export class ScreensRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Takes (or keeps) a screen for the viewer until `seconds` from now, if fewer than `limit` other
   * screens are live. One viewer's screens are counted one request at a time, across all instances.
   * Answers whether the screen is held.
   */
  async take(
    viewerId: string,
    screenId: string,
    videoId: string,
    limit: number,
    seconds: number,
  ): Promise<boolean> {
    // The same screen asking again (another title, a reload) keeps its slot: no count, no lock.
    const [, kept]: [unknown, number] = await this.dataSource.query(
      `UPDATE "stream_screen" SET "video_id" = $3, "expires_at" = now() + make_interval(secs => $4)
        WHERE "viewer_id" = $1 AND "screen_id" = $2 AND "expires_at" > now()`,
      [viewerId, screenId, videoId, seconds],
    );
    if (kept > 0) return true;
    return this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`screens:${viewerId}`]);
      await manager.query(`DELETE FROM "stream_screen" WHERE "viewer_id" = $1 AND "expires_at" <= now()`, [
        viewerId,
      ]);
      const [{ others }]: Array<{ others: number }> = await manager.query(
        `SELECT count(*)::int AS others FROM "stream_screen" WHERE "viewer_id" = $1 AND "screen_id" <> $2`,
        [viewerId, screenId],
      );
      if (others >= limit) return false;
      await manager.query(
        `INSERT INTO "stream_screen" ("viewer_id", "screen_id", "video_id", "expires_at")
         VALUES ($1, $2, $3, now() + make_interval(secs => $4))
         ON CONFLICT ("viewer_id", "screen_id") DO UPDATE
           SET "video_id" = EXCLUDED."video_id", "expires_at" = EXCLUDED."expires_at"`,
        [viewerId, screenId, videoId, seconds],
      );
      return true;
    });
  }

  /** Keeps a live screen for `seconds` more; false when it had already lapsed. */
  async extend(viewerId: string, screenId: string, seconds: number): Promise<boolean> {
    const [, count]: [unknown, number] = await this.dataSource.query(
      `UPDATE "stream_screen" SET "expires_at" = now() + make_interval(secs => $3)
        WHERE "viewer_id" = $1 AND "screen_id" = $2 AND "expires_at" > now()`,
      [viewerId, screenId, seconds],
    );
    return count > 0;
  }

  async release(viewerId: string, screenId: string): Promise<boolean> {
    const [, count]: [unknown, number] = await this.dataSource.query(
      `DELETE FROM "stream_screen" WHERE "viewer_id" = $1 AND "screen_id" = $2`,
      [viewerId, screenId],
    );
    return count > 0;
  }
}
