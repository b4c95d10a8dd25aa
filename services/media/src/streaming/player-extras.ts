import { Injectable } from '@nestjs/common';
import type { VideoMarkers } from '@chitram/contracts';
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
  private readonly kept = new Map<string, { extras: PlayerExtras | undefined; until: number }>();
  /** Bumped by every forget: a read started before it may predate the change, and is not kept. */
  private generation = 0;

  constructor(private readonly videos: VideosRepository) {}

  /** The video's extras; undefined when it is gone. */
  async of(videoId: string): Promise<PlayerExtras | undefined> {
    const now = Date.now();
    const kept = this.kept.get(videoId);
    if (kept && kept.until > now) return kept.extras;
    const generation = this.generation;
    const stored = await this.videos.find(videoId);
    const extras = stored && { hasTrickplay: stored.hasTrickplay, markers: stored.markers };
    if (generation !== this.generation) return extras;
    if (this.kept.size >= MOST_REMEMBERED) this.kept.clear();
    this.kept.set(videoId, { extras, until: now + PLAYER_EXTRAS_TTL_MS });
    return extras;
  }

  /** Its markers changed: the next grant reads them again. */
  forget(videoId: string): void {
    this.generation++;
    this.kept.delete(videoId);
  }
}
