import { Injectable } from '@nestjs/common';
import {
  TRAILER_OWNER_KINDS,
  type TitleTrailer,
  type TrailerOwnerRef,
  type TrailerRemoved,
} from '@chitram/contracts';
import { toVideoStatus } from '../videos/video-status';
import { VideosRepository } from '../videos/videos.repository';
import { VideosService } from '../videos/videos.service';

/**
 * A film's or series' trailer (D45): any video of owner kind `movie-trailer` or `series-trailer`, uploaded,
 * transcoded, replaced and cancelled exactly like a title's own video. This reads the one a title has and
 * removes it; the grant (free, 720p at most, no screen) is the gateway's, through StreamsService.
 */
@Injectable()
export class TrailersService {
  constructor(
    private readonly stored: VideosRepository,
    private readonly videos: VideosService,
  ) {}

  /** The newest trailer video of the title (an upload on its way shows here) and the ready one that plays. */
  async current({ titleKind, titleId }: TrailerOwnerRef): Promise<TitleTrailer> {
    const owned = await this.stored.ownedBy(TRAILER_OWNER_KINDS[titleKind], titleId.toLowerCase());
    const playing = owned.find((video) => video.state === 'ready');
    return {
      video: owned[0] ? toVideoStatus(owned[0]) : null,
      playingVideoId: playing?.id ?? null,
    };
  }

  /** Removes every trailer video of the title, with whatever objects no other video plays. */
  async remove({ titleKind, titleId }: TrailerOwnerRef): Promise<TrailerRemoved> {
    const owned = await this.stored.ownedBy(TRAILER_OWNER_KINDS[titleKind], titleId.toLowerCase());
    for (const video of owned) await this.videos.removeQuietly(video.id);
    return { removed: owned.length };
  }
}
