import { Injectable } from '@nestjs/common';
import { Events, type VideoStatus } from '@chitram/contracts';
import { EventHandler, type EventEnvelope } from '@chitram/nest-kit';
import type { EntityManager } from 'typeorm';
import { CatalogueChanges } from '../cache/catalogue-changes';

const TABLES = { movie: 'movie', episode: 'episode' } as const;

/**
 * Keeps each title's copy of its video's state (DECISIONS D23) as media announces it. Events may come
 * twice or out of order: a state older than the one kept is ignored, so the newest always wins.
 */
@Injectable()
export class VideoStateHandler {
  constructor(private readonly changes: CatalogueChanges) {}

  @EventHandler(Events.videoStateChanged, { durable: 'catalog-video-state' })
  async apply(event: EventEnvelope<VideoStatus>, manager: EntityManager): Promise<void> {
    const video = event.payload;
    const [, updated]: [unknown, number] = await manager.query(
      `UPDATE "${TABLES[video.ownerKind]}" SET "video_id" = $2, "video_state" = $3, "video_progress" = $4,
         "video_error" = $5, "video_renditions" = $6, "video_at" = $7, "video_duration_seconds" = $8
       WHERE "id" = $1 AND ("video_at" IS NULL OR "video_at" <= $7)`,
      [
        video.ownerId,
        video.videoId,
        video.state,
        video.progress,
        video.error,
        video.renditions,
        video.updatedAt,
        video.durationSeconds,
      ],
    );
    // Lists and play buttons change only with the state; progress alone shows on the admin lists, which are not cached.
    if (updated && video.state !== 'transcoding') await this.changes.announce();
  }
}
