import { Injectable } from '@nestjs/common';
import type { SegmentKeys } from '../transcoding/segment-keys';
import type { InterfaceLanguageCode } from '@chitram/contracts';
import { AudioTracksRepository } from '../audio/audio-tracks.repository';
import { SubtitlesRepository } from '../subtitles/subtitles.repository';
import { VideosRepository } from '../videos/videos.repository';

/** A subtitle track as the master playlist lists it (D44). */
export interface PlayableSubtitle {
  id: string;
  language: InterfaceLanguageCode;
  forced: boolean;
  sdh: boolean;
  prefix: string;
}

/** An audio rendition as the master playlist lists it (D44): the original or a dub, made and stored. */
export interface PlayableAudio {
  id: string;
  language: InterfaceLanguageCode | null;
  original: boolean;
  prefix: string;
}

/** What the grants and the origin need of a ready video. */
export interface PlayableVideo {
  id: string;
  prefix: string;
  renditions: number[];
  width: number;
  height: number;
  durationSeconds: number;
  /** Its segments' keys when they are encrypted (D35), null when they are clear. */
  keys: SegmentKeys | null;
  subtitles: PlayableSubtitle[];
  /**
   * Its audio renditions, the original first (D44). Empty until the original is ready too (for a video
   * with sound): hls.js would play a lone dub by default, the video's own muxed sound never.
   */
  audio: PlayableAudio[];
}

/** A ready video is remembered this long: its output never changes, but the video may be removed. */
const REMEMBER_MS = 30_000;
const MOST_REMEMBERED = 10_000;

/**
 * Ready videos, remembered in memory for the stream grants and the origin (every grant and every
 * segment request asks). Only ready videos are remembered: one still on its way is asked again each
 * time, so it plays as soon as it is ready.
 */
@Injectable()
export class ReadyVideos {
  private readonly seen = new Map<string, { video: PlayableVideo; until: number }>();

  constructor(
    private readonly videos: VideosRepository,
    private readonly subtitles: SubtitlesRepository,
    private readonly audioTracks: AudioTracksRepository,
  ) {}

  /** Forgets a video, so the next ask reads it again (its subtitles or audio tracks changed: D44). */
  forget(videoId: string): void {
    this.seen.delete(videoId);
  }

  /** The video if it is ready; undefined if it is not (yet), or does not exist. */
  async find(videoId: string): Promise<PlayableVideo | undefined> {
    const seen = this.seen.get(videoId);
    if (seen && seen.until > Date.now()) return seen.video;
    const video = await this.videos.find(videoId);
    if (video?.state !== 'ready' || !video.outputPrefix || !video.width || !video.height) {
      this.seen.delete(videoId);
      return undefined;
    }
    const playable: PlayableVideo = {
      id: video.id,
      prefix: video.outputPrefix,
      renditions: video.renditions,
      width: video.width,
      height: video.height,
      durationSeconds: video.durationSeconds ?? 0,
      keys: video.keys,
      subtitles: (await this.subtitles.forVideo(video.id)).map(({ id, language, forced, sdh, prefix }) => ({
        id,
        language,
        forced,
        sdh,
        prefix,
      })),
      audio: [],
    };
    const tracks = await this.audioTracks.forVideo(video.id);
    const audio = tracks
      .filter((t) => t.state === 'ready')
      .map(({ id, language, original, prefix }) => ({ id, language, original, prefix }));
    const hasOriginal = audio.some((t) => t.original) || video.hasAudio === false;
    playable.audio = hasOriginal && audio.some((t) => !t.original) ? audio : [];
    // D44: while an audio track is on its way (made by a worker elsewhere), every ask reads it again, so
    // each instance lists it as soon as it is ready, not up to REMEMBER_MS later.
    if (tracks.some((t) => t.state !== 'ready' && t.state !== 'failed')) return playable;
    if (this.seen.size >= MOST_REMEMBERED) this.seen.clear();
    this.seen.set(videoId, { video: playable, until: Date.now() + REMEMBER_MS });
    return playable;
  }
}
