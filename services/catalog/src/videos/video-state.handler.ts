import { Injectable } from '@nestjs/common';
import { Events, isTrailerKind, type VideoStatus } from '@chitram/contracts';
import { EventHandler, type EventEnvelope } from '@chitram/nest-kit';
import type { EntityManager } from 'typeorm';
import { CatalogueChanges } from '../cache/catalogue-changes';
import { TitleVideosRepository } from './title-videos.repository';

/**
 * Keeps each title's copy of its video's state (DECISIONS D23) as media announces it. Events may come
 * twice or out of order: a state older than the one kept is ignored, so the newest always wins.
 */
@Injectable()
export class VideoStateHandler {
  constructor(
    private readonly changes: CatalogueChanges,
    private readonly videos: TitleVideosRepository,
  ) {}

  @EventHandler(Events.videoStateChanged, { durable: 'catalog-video-state' })
  async apply(event: EventEnvelope<VideoStatus>, manager: EntityManager): Promise<void> {
    const video = event.payload;
    // A trailer is media's alone (D45): the catalogue keeps no copy of it.
    if (isTrailerKind(video.ownerKind)) return;
    const updated = await this.videos.applyState(manager, video);
    // Lists and play buttons change only with the state; progress alone shows on the admin lists, which are not cached.
    if (updated && video.state !== 'transcoding') await this.changes.announce();
  }
}
