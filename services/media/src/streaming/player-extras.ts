import { Injectable } from '@nestjs/common';
import type { VideoMarkers } from '@chitram/contracts';
import { ShortCache } from '@chitram/nest-kit';
import { VideosRepository } from '../videos/videos.repository';

/** What a grant tells the player beside the stream (D42): the video's skip markers, its trickplay. */
export interface PlayerExtras {
  hasTrickplay: boolean;
  markers: VideoMarkers;
}

/**
 * A video's extras are trusted this long on an instance other than the one that changed them: the
 * admin's markers show within it, as a title's playback source does at the gateway; trickplay
 * pictures made in the background too.
 */
export const PLAYER_EXTRAS_TTL_MS = 5000;
const MOST_REMEMBERED = 10_000;

/**
 * The extras of the videos being granted, kept a few seconds: every grant of a film used to read its
 * whole video row for them. This instance forgets a video's at once when its markers are saved here.
 */
@Injectable()
export class PlayerExtrasCache {
  private readonly kept = new ShortCache<PlayerExtras | undefined>(PLAYER_EXTRAS_TTL_MS, MOST_REMEMBERED);

  constructor(private readonly videos: VideosRepository) {}

  /** The video's extras; undefined when it is gone. */
  of(videoId: string): Promise<PlayerExtras | undefined> {
    return this.kept.get(videoId, async () => {
      const stored = await this.videos.find(videoId);
      return stored && { hasTrickplay: stored.hasTrickplay, markers: stored.markers };
    });
  }

  /** Its markers changed: the next grant reads them again. */
  forget(videoId: string): void {
    this.kept.forget(videoId);
  }
}
