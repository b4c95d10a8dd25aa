import { Inject, Injectable } from '@nestjs/common';
import type { MarkerSpan } from '@chitram/contracts';
import { LOGGER, type Logger } from '@chitram/nest-kit';
import {
  audioFingerprint,
  itemSeconds,
  longestSharedRun,
  type SharedRun,
} from '../transcoding/audio-fingerprint';
import { IntroSuggestionsRepository } from './intro-suggestions.repository';
import type { StoredVideo } from './videos.repository';

/** How much of an episode's audio is fingerprinted: intros (and cold opens before them) fit in it. */
export const FINGERPRINTED_SECONDS = 180;

const tenths = (seconds: number) => Math.round(seconds * 10) / 10;

/** A run's span in one of the two videos, inside that video. */
function spanOf(start: number, run: SharedRun, durationSeconds: number): MarkerSpan | null {
  const startSeconds = tenths(itemSeconds(start));
  const endSeconds = Math.min(tenths(itemSeconds(start + run.length)), durationSeconds);
  return endSeconds > startSeconds ? { startSeconds, endSeconds } : null;
}

/**
 * D42's suggested intros: an episode's audio is fingerprinted when its transcode is done, and compared
 * with the other episodes of its series; the span it shares with them is offered to admins as its
 * intro (and theirs), until one confirms or dismisses it. Best effort: nothing here fails a transcode.
 */
@Injectable()
export class IntroSuggestions {
  constructor(
    private readonly suggestions: IntroSuggestionsRepository,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Fingerprints a video that has just become ready from `source`, and offers what it shares. */
  async afterTranscode(video: StoredVideo, source: string): Promise<void> {
    if (video.ownerKind !== 'episode' || !video.hasAudio) return;
    try {
      if (!(await this.suggestions.seriesOf(video.id))) return;
      const fingerprint = await audioFingerprint(source, FINGERPRINTED_SECONDS);
      if (!fingerprint.length) return;
      const seriesId = await this.suggestions.storeFingerprint(video.id, fingerprint);
      if (!seriesId || !video.durationSeconds) return;
      await this.compare(video.id, video.ownerId, video.durationSeconds, fingerprint, seriesId);
    } catch (error) {
      this.logger.warn({ err: error, videoId: video.id }, 'could not suggest an intro');
    }
  }

  /**
   * Compares one fingerprint with those of the series' other episodes: this video is offered the
   * longest span it shares with any of them, and each of them that has no intro the span it shares with
   * this one.
   */
  private async compare(
    videoId: string,
    ownerId: string,
    durationSeconds: number,
    fingerprint: Uint32Array,
    seriesId: string,
  ): Promise<void> {
    let best: SharedRun | null = null;
    let offered = 0;
    for (const other of await this.suggestions.othersOfSeries(seriesId, ownerId)) {
      const run = longestSharedRun(fingerprint, other.fingerprint);
      if (!run) continue;
      if (!best || run.length > best.length) best = run;
      const theirs = other.open && spanOf(run.bStart, run, other.durationSeconds);
      if (theirs && (await this.suggestions.suggest(other.id, theirs))) offered++;
    }
    const ours = best && spanOf(best.aStart, best, durationSeconds);
    if (ours && (await this.suggestions.suggest(videoId, ours))) offered++;
    this.logger.info({ videoId, seriesId, intro: ours, offered }, 'intro fingerprinted');
  }
}
