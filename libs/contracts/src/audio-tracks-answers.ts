// A video's extra audio tracks, dubs (D44): what the admin's video panel reads and sends. Types and
// constants only, so the front ends import this module by sub-path.
import type { InterfaceLanguageCode } from './interface-languages';

/**
 * Media's internal HTTP path of audio uploads (tus, as a video's file): creation is
 * `POST <path>/<videoId>?language=hi`, and the upload is then `<path>/<videoId>/<audioTrackId>`.
 */
export const AUDIO_UPLOADS_PATH = '/uploads/audio';

/** A film's audio is large, but far less than its picture: 2 GB is hours of uncompressed stereo. */
export const AUDIO_UPLOAD_MAX_BYTES = 2 * 1024 ** 3;

/** The master playlist's NAME of an original audio whose language is not one of the eight (D44). */
export const ORIGINAL_AUDIO_NAME = 'Original';

/** Where a track's sound came from: the video's own audio, one of its source's audio streams, or a file. */
export const AUDIO_TRACK_SOURCES = ['original', 'stream', 'upload'] as const;
export type AudioTrackSource = (typeof AUDIO_TRACK_SOURCES)[number];

/** A track's way to the player: its file arriving, waiting for a worker, being made, playable, or not. */
export const AUDIO_TRACK_STATES = ['uploading', 'queued', 'transcoding', 'ready', 'failed'] as const;
export type AudioTrackState = (typeof AUDIO_TRACK_STATES)[number];

/** One audio rendition of a video (HLS `EXT-X-MEDIA TYPE=AUDIO`). */
export interface AudioTrack {
  audioTrackId: string;
  videoId: string;
  /** One of the eight; null for the original when its title's language is not one of them. */
  language: InterfaceLanguageCode | null;
  /** The video's own audio, made a rendition of its own when the first dub was added; the default. */
  original: boolean;
  source: AudioTrackSource;
  /** For `stream`: which of the source's audio streams (0 is its first). */
  sourceStream: number | null;
  /** The NAME the master playlist gives it: its language in itself. */
  name: string;
  state: AudioTrackState;
  /** Why it failed, for the admin. */
  error: string | null;
  createdAt: string;
}

/** One audio stream of a video's uploaded source, as ffprobe lists it. */
export interface SourceAudioStream {
  /** Its place among the source's audio streams: 0 is the first. */
  stream: number;
  /** The stream's own language tag (ISO 639-2, `hin`), when it has one. */
  language: string | null;
  title: string | null;
  codec: string;
  channels: number;
}

/** A video's audio tracks (the original first, then by language) and its source's audio streams. */
export interface VideoAudioTracksAnswer {
  videoId: string;
  tracks: AudioTrack[];
  sourceStreams: SourceAudioStream[];
}
