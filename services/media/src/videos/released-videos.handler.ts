import { Injectable } from '@nestjs/common';
import { DomainError, ErrorCode, Events, type CatalogueVideosReleased } from '@chitram/contracts';
import { EventHandler, type EventEnvelope } from '@chitram/nest-kit';
import { VideosService } from './videos.service';

/**
 * Deleting a title removes its videos' objects (issue 8): the catalogue announces its video, media removes
 * it and any other the title had (one it replaced, a cancelled upload).
 */
@Injectable()
export class ReleasedVideosHandler {
  constructor(private readonly videos: VideosService) {}

  @EventHandler(Events.catalogVideosReleased, { durable: 'media-remove-released-videos' })
  async remove(event: EventEnvelope<CatalogueVideosReleased>): Promise<void> {
    for (const videoId of event.payload.videoIds) {
      try {
        await this.videos.removeTitleOf(videoId);
      } catch (error) {
        // Removed already (a redelivery, or an admin removed it first): nothing left to do.
        if (!(error instanceof DomainError && error.code === ErrorCode.NOT_FOUND)) throw error;
      }
    }
  }
}
