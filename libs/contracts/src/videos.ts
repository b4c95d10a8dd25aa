import 'reflect-metadata';
import { Type } from 'class-transformer';
import {
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsUUID,
  Matches,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import type { AudioTrack, VideoAudioTracksAnswer } from './audio-tracks-answers';
import { INTERFACE_LANGUAGE_CODES, type InterfaceLanguageCode } from './interface-languages';
import type { VideoSubtitlesAnswer } from './subtitles-answers';
import { event, subject } from './subject';
import {
  type MarkerSpan,
  VIDEO_OWNER_KINDS,
  type VideoMarkers,
  type VideoMarkersAnswer,
  type VideoOwnerKind,
  type VideoStatus,
} from './videos-answers';

export * from './videos-answers';
export * from './subtitles-answers';
export * from './audio-tracks-answers';

/** A new video for a title, before its bytes arrive. */
export class CreateVideoRequest {
  @IsIn(VIDEO_OWNER_KINDS)
  ownerKind: VideoOwnerKind;

  @IsUUID()
  ownerId: string;

  /**
   * An episode's series, which the gateway reads from the catalogue and carries here, so media can
   * compare the episode's audio with its series' others (D42, suggested intros). Set by the gateway,
   * never taken from an admin's request.
   */
  @IsOptional()
  @IsUUID()
  seriesId?: string;
}

/**
 * A ready copy of a ready video for another title (an admin re-using a master, the demo catalogue): the
 * copy plays the same renditions, shared in object storage rather than transcoded again.
 */
export class CopyVideoRequest {
  @IsUUID()
  fromVideoId: string;

  @IsIn(VIDEO_OWNER_KINDS)
  ownerKind: VideoOwnerKind;

  @IsUUID()
  ownerId: string;
}

export class VideoRef {
  @IsUUID()
  videoId: string;
}

/** One marker's span as a request carries it (D42); its place in the video is checked by media. */
export class MarkerSpanBody implements MarkerSpan {
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(86_400)
  startSeconds: number;

  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(86_400)
  endSeconds: number;
}

/** A video's whole set of markers: a marker left out is removed. */
export class VideoMarkersBody implements VideoMarkers {
  @IsOptional()
  @ValidateNested()
  @Type(() => MarkerSpanBody)
  intro?: MarkerSpanBody;

  @IsOptional()
  @ValidateNested()
  @Type(() => MarkerSpanBody)
  recap?: MarkerSpanBody;

  @IsOptional()
  @ValidateNested()
  @Type(() => MarkerSpanBody)
  credits?: MarkerSpanBody;
}

export class SetVideoMarkersRequest {
  @IsUUID()
  videoId: string;

  @ValidateNested()
  @Type(() => VideoMarkersBody)
  markers: VideoMarkersBody;
}

/** The subtitle track ids media makes (D44). */
export const SUBTITLE_ID = /^[0-9a-f]{12}$/;

/** One subtitle track of a video (D44). */
export class SubtitleRef {
  @IsUUID()
  videoId: string;

  @Matches(SUBTITLE_ID, { message: 'subtitleId is not a subtitle of this service' })
  subtitleId: string;
}

/** The audio track ids media makes (D44). */
export const AUDIO_TRACK_ID = /^[0-9a-f]{12}$/;

/** One audio track of a video (D44). */
export class AudioTrackRef {
  @IsUUID()
  videoId: string;

  @Matches(AUDIO_TRACK_ID, { message: 'audioTrackId is not an audio track of this service' })
  audioTrackId: string;
}

/** The language of a dub (D44): one of the eight. */
export class AudioLanguageBody {
  @IsIn(INTERFACE_LANGUAGE_CODES, {
    message: `language must be one of ${INTERFACE_LANGUAGE_CODES.join(', ')}`,
  })
  language: InterfaceLanguageCode;
}

/** What the admin asks for a dub taken from the source's own audio streams (D44). */
export class AudioStreamBody extends AudioLanguageBody {
  /** Which of the source's audio streams: 0 is its first. */
  @IsInt()
  @Min(0)
  @Max(63)
  sourceStream: number;
}

/** A dub from one of a ready video's source audio streams (D44). */
export class AddAudioStreamRequest extends AudioStreamBody {
  @IsUUID()
  videoId: string;

  /**
   * The title's language as a code of the eight, which the gateway reads from the catalogue: the
   * original's LANGUAGE when the first dub makes it a rendition. Never taken from an admin's request.
   */
  @IsOptional()
  @IsIn(INTERFACE_LANGUAGE_CODES)
  originalLanguage?: InterfaceLanguageCode;
}

/** Subjects.media.videos: payloads and answers carried by each subject. */
export const VideoSubjects = {
  create: subject<CreateVideoRequest, VideoStatus>('chitram.media.videos.create.v1'),
  get: subject<VideoRef, VideoStatus>('chitram.media.videos.get.v1'),
  /**
   * Gives a title a ready copy of a ready video (CONFLICT if the video is not ready, NOT_FOUND if it is
   * gone): the title plays it at once, its grants and stream bound to the title as for any video.
   */
  copy: subject<CopyVideoRequest, VideoStatus>('chitram.media.videos.copy.v1'),
  /** Queues a failed video's transcoding again. */
  retry: subject<VideoRef, VideoStatus>('chitram.media.videos.retry.v1'),
  /** A video's markers with its length and trickplay index, for the admin's marker panel (D42). */
  markers: subject<VideoRef, VideoMarkersAnswer>('chitram.media.videos.markers.v1'),
  /**
   * Replaces a video's markers (D42): VALIDATION_FAILED with field errors for a span outside the video,
   * one that ends before it starts, or two that overlap.
   */
  setMarkers: subject<SetVideoMarkersRequest, VideoMarkersAnswer>('chitram.media.videos.set-markers.v1'),
  /** A video's subtitle tracks (D44); they are added over media's HTTP, a file's bytes never cross NATS. */
  subtitles: subject<VideoRef, VideoSubtitlesAnswer>('chitram.media.videos.subtitles.v1'),
  /** Removes one subtitle track of a video and its files (D44); NOT_FOUND if it is gone already. */
  removeSubtitle: subject<SubtitleRef, VideoSubtitlesAnswer>('chitram.media.videos.remove-subtitle.v1'),
  /** A video's audio tracks and its source's audio streams (D44). */
  audioTracks: subject<VideoRef, VideoAudioTracksAnswer>('chitram.media.videos.audio-tracks.v1'),
  /**
   * Adds a dub from one of the source's audio streams (D44), queued for its audio job; an uploaded
   * file comes over media's HTTP (tus) instead. AUDIO_STREAM_NOT_FOUND for a stream the source lacks,
   * CONFLICT for a language the video has a track in already or a video not ready.
   */
  addAudioStream: subject<AddAudioStreamRequest, AudioTrack>('chitram.media.videos.add-audio-stream.v1'),
  /** Removes one dub of a video and its files (D44); NOT_FOUND if it is gone, CONFLICT for the original. */
  removeAudioTrack: subject<AudioTrackRef, VideoAudioTracksAnswer>(
    'chitram.media.videos.remove-audio-track.v1',
  ),
  /**
   * An admin turns down the intro media suggested for a video (D42): it is not offered again. Confirming
   * one is setting the intro with setMarkers.
   */
  dismissSuggestedIntro: subject<VideoRef, VideoMarkersAnswer>(
    'chitram.media.videos.dismiss-suggested-intro.v1',
  ),
  /** Removes a video and every object made from it (its title was deleted). */
  remove: subject<VideoRef, { removed: true }>('chitram.media.videos.remove.v1'),
  /**
   * Core NATS announcement (no reply) on which a media instance asks the others to let go of an upload
   * one of their requests holds: instances sharing VIDEO_UPLOAD_DIR take turns.
   */
  releaseUpload: event<UploadRelease>('chitram.media.uploads.release.v1'),
} as const;

/** Payload of Subjects.media.videos.releaseUpload: the upload (a video's id) to let go of. */
export interface UploadRelease {
  id: string;
}

/**
 * Where the media service's internal HTTP server takes a video's file, over the tus resumable upload
 * protocol: POST `<path>/<videoId>` creates an upload, HEAD/PATCH/DELETE `<path>/<videoId>/<uploadId>`
 * read its offset, append to it and cancel it. The gateway exposes it to admins under another path.
 */
export const VIDEO_UPLOADS_PATH = '/uploads/videos';

/** An upload's id in those paths. */
export const VIDEO_UPLOAD_ID = /^[0-9a-f]{32}$/;
