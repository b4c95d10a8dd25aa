import { Injectable } from '@nestjs/common';
import {
  DomainError,
  ErrorCode,
  MARKER_KINDS,
  markerFieldErrors,
  type SetVideoMarkersRequest,
  type VideoMarkers,
  type VideoMarkersAnswer,
} from '@chitram/contracts';
import { Outbox } from '@chitram/nest-kit';
import { PlayerExtrasCache } from '../streaming/player-extras';
import { StreamsService } from '../streaming/streams.service';
import { IntroSuggestionsRepository } from './intro-suggestions.repository';
import type { StoredVideo } from './videos.repository';
import { VideosRepository } from './videos.repository';
import { VideosService } from './videos.service';

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;

/**
 * A title's intro, recap and credits markers (D42), kept with its video: read with the trickplay index
 * for the admin's scrub bar, and replaced whole after D42's checks.
 */
@Injectable()
export class VideoMarkersService {
  constructor(
    private readonly outbox: Outbox,
    private readonly videos: VideosRepository,
    private readonly service: VideosService,
    private readonly streams: StreamsService,
    private readonly suggestions: IntroSuggestionsRepository,
    private readonly extras: PlayerExtrasCache,
  ) {}

  async get(videoId: string): Promise<VideoMarkersAnswer> {
    const video = await this.videos.find(videoId);
    if (!video) throw new DomainError(ErrorCode.NOT_FOUND, 'There is no such video.');
    return this.answer(video);
  }

  async set({ videoId, markers }: SetVideoMarkersRequest): Promise<VideoMarkersAnswer> {
    const saved = await this.outbox.transaction(async (manager, emit) => {
      const video = await this.videos.find(videoId, manager);
      if (!video) throw new DomainError(ErrorCode.NOT_FOUND, 'There is no such video.');
      if (video.state !== 'ready')
        throw new DomainError(
          ErrorCode.CONFLICT,
          `This video is ${video.state}; markers need a ready video.`,
        );
      const clean: VideoMarkers = {};
      for (const kind of MARKER_KINDS) {
        const span = markers[kind];
        if (span)
          clean[kind] = { startSeconds: round(span.startSeconds), endSeconds: round(span.endSeconds) };
      }
      const fields = markerFieldErrors(clean, video.durationSeconds);
      if (Object.keys(fields).length)
        throw new DomainError(ErrorCode.VALIDATION_FAILED, 'The markers do not fit the video.', fields);
      const updated = (await this.videos.setMarkers(manager, videoId, clean))!;
      // An admin's intro (the suggested one confirmed, or another) ends the suggestion (D42).
      if (clean.intro) await this.suggestions.close(manager, videoId);
      await this.service.announce(emit, updated);
      return updated;
    });
    // This instance's next grant shows them; another's within PLAYER_EXTRAS_TTL_MS.
    this.extras.forget(videoId);
    return this.answer(saved);
  }

  /** D42: an admin turns down the intro media suggested; it is not offered for this video again. */
  async dismissSuggestedIntro(videoId: string): Promise<VideoMarkersAnswer> {
    const video = await this.outbox.transaction(async (manager) => {
      const found = await this.videos.find(videoId, manager);
      if (!found) throw new DomainError(ErrorCode.NOT_FOUND, 'There is no such video.');
      if (!(await this.suggestions.suggested(videoId, manager)))
        throw new DomainError(ErrorCode.NOT_FOUND, 'This video has no suggested intro.');
      await this.suggestions.close(manager, videoId);
      return found;
    });
    return this.answer(video);
  }

  private async answer(video: StoredVideo): Promise<VideoMarkersAnswer> {
    return {
      videoId: video.id,
      durationSeconds: video.durationSeconds,
      markers: video.markers,
      // Offered to admins only while the video has no intro of theirs; the player never sees it.
      suggestedIntro: video.markers.intro ? null : await this.suggestions.suggested(video.id),
      thumbnailsUrl:
        video.state === 'ready' && video.hasTrickplay ? this.streams.adminThumbnailsUrl(video.id) : null,
    };
  }
}
