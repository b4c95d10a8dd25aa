// A video's subtitles (D44): what the admin's video panel reads and sends. Types and constants only, so
// the front ends import this module by sub-path.
import type { InterfaceLanguageCode } from './interface-languages';

/** A subtitle file is text: this is far more than a feature film's (about 100 KB). */
export const SUBTITLE_UPLOAD_MAX_BYTES = 512 * 1024;

/** Media's internal HTTP path of subtitle uploads: `POST <path>/<videoId>?language=…&forced=…&sdh=…`. */
export const SUBTITLE_UPLOADS_PATH = '/uploads/subtitles';

/** One subtitle track of a video: its language (one of the eight), and whether it is forced or SDH. */
export interface SubtitleTrack {
  subtitleId: string;
  videoId: string;
  language: InterfaceLanguageCode;
  /** Shown even with subtitles off: only the foreign-language lines of a film (HLS FORCED=YES). */
  forced: boolean;
  /** For the deaf and hard of hearing: sounds and speakers as well as the words. */
  sdh: boolean;
  /** The NAME the master playlist gives it. */
  name: string;
  cueCount: number;
  /** What the admin uploaded: SRT is converted to WebVTT. */
  format: 'srt' | 'vtt';
  createdAt: string;
}

/** A video's subtitle tracks, in the order the master playlist lists them. */
export interface VideoSubtitlesAnswer {
  videoId: string;
  subtitles: SubtitleTrack[];
}
