import { Inject, Injectable } from '@nestjs/common';
import {
  DomainError,
  ErrorCode,
  isInterfaceLanguageCode,
  NATIVE_LANGUAGE_NAMES,
  type InterfaceLanguageCode,
  type SubtitleRef,
  type SubtitleTrack,
  type VideoSubtitlesAnswer,
} from '@chitram/contracts';
import { LOGGER, type Logger } from '@chitram/nest-kit';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { ObjectStorage } from '../storage/object-storage';
import { ReadyVideos } from '../streaming/ready-videos';
import { FFMPEG_TS_START, renditionStartPts } from '../streaming/rendition-start';
import { hlsPrefix } from '../videos/video-objects';
import { VideosRepository } from '../videos/videos.repository';
import { SubtitlesRepository, type StoredSubtitle } from './subtitles.repository';
import {
  parseSubtitles,
  segmentSubtitles,
  SUBTITLE_PLAYLIST,
  SubtitleFileError,
  type ParsedSubtitles,
} from './webvtt';

/** The kind of a new track: its language and flags, as the admin chose them. */
export interface SubtitleKind {
  language: InterfaceLanguageCode;
  forced: boolean;
  sdh: boolean;
}

/** The NAME a track has in the master playlist: its language in itself, and its kind. */
export function subtitleName({ language, forced, sdh }: SubtitleKind): string {
  return `${NATIVE_LANGUAGE_NAMES[language]}${sdh ? ' (SDH)' : ''}${forced ? ' (forced)' : ''}`;
}

const VTT = 'text/vtt; charset=utf-8';
const M3U8 = 'application/vnd.apple.mpegurl';

/**
 * A video's subtitle tracks (D44): a checked SRT or WebVTT file becomes an HLS WebVTT rendition in
 * object storage, beside the video's renditions and without touching them; the stream origin lists it
 * in the master playlist and serves it under its own token.
 */
@Injectable()
export class SubtitlesService {
  /** The first frame's timestamp of each output folder: it never changes. */
  private readonly firstPts = new Map<string, number>();

  constructor(
    private readonly subtitles: SubtitlesRepository,
    private readonly videos: VideosRepository,
    private readonly ready: ReadyVideos,
    private readonly storage: ObjectStorage,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async list(videoId: string): Promise<VideoSubtitlesAnswer> {
    if (!(await this.videos.find(videoId)))
      throw new DomainError(ErrorCode.NOT_FOUND, 'There is no such video.');
    return this.answer(videoId);
  }

  /** Checks the file, makes its segments and stores them, then the track (replacing one of its kind). */
  async add(videoId: string, kind: SubtitleKind, bytes: Buffer): Promise<SubtitleTrack> {
    const video = await this.videos.find(videoId);
    if (!video) throw new DomainError(ErrorCode.NOT_FOUND, 'There is no such video.');
    if (video.state !== 'ready' || !video.outputPrefix || !video.renditions.length)
      throw new DomainError(
        ErrorCode.CONFLICT,
        `This video is ${video.state}; subtitles need a ready video.`,
      );
    let parsed: ParsedSubtitles;
    try {
      parsed = parseSubtitles(bytes);
    } catch (error) {
      if (!(error instanceof SubtitleFileError)) throw error;
      throw new DomainError(ErrorCode.SUBTITLE_INVALID, error.message, { file: [error.message] });
    }
    const firstPts = await this.firstPtsOf(
      video.outputPrefix,
      Math.min(...video.renditions),
      video.keys?.keys[0] ?? null,
    );
    const { playlist, segments } = segmentSubtitles(parsed.cues, video.durationSeconds ?? 0, firstPts);
    const id = randomBytes(6).toString('hex');
    const prefix = `${hlsPrefix(videoId)}subtitles/${id}/`;
    for (const [name, text] of segments) await this.put(`${prefix}${name}`, text, VTT);
    // The playlist last: a track is listed only once all it names is stored.
    await this.put(`${prefix}${SUBTITLE_PLAYLIST}`, playlist, M3U8);
    const replaced = await this.subtitles.save({
      id,
      videoId,
      ...kind,
      format: parsed.format,
      cueCount: parsed.cues.length,
      prefix,
    });
    this.ready.forget(videoId);
    if (replaced) await this.removeObjects(replaced);
    this.logger.info(
      { videoId, subtitleId: id, language: kind.language, cues: parsed.cues.length },
      'subtitles added',
    );
    const saved = (await this.subtitles.forVideo(videoId)).find((s) => s.id === id);
    return toTrack(saved!);
  }

  async remove({ videoId, subtitleId }: SubtitleRef): Promise<VideoSubtitlesAnswer> {
    const removed = await this.subtitles.remove(videoId, subtitleId);
    if (!removed) throw new DomainError(ErrorCode.NOT_FOUND, 'There is no such subtitle track.');
    this.ready.forget(videoId);
    await this.removeObjects(removed);
    return this.answer(videoId);
  }

  private async answer(videoId: string): Promise<VideoSubtitlesAnswer> {
    return { videoId, subtitles: (await this.subtitles.forVideo(videoId)).map(toTrack) };
  }

  private async put(key: string, text: string, contentType: string): Promise<void> {
    await this.storage.put(key, Readable.from([Buffer.from(text, 'utf8')]), contentType);
  }

  private async removeObjects(subtitle: StoredSubtitle): Promise<void> {
    try {
      await this.storage.remove(await this.storage.keysUnder(subtitle.prefix));
    } catch (error) {
      // Unlisted and unsigned, the files are unreachable; they go with the video's folder at the latest.
      this.logger.warn({ err: error, prefix: subtitle.prefix }, 'old subtitle files not removed');
    }
  }

  /**
   * The 90 kHz timestamp of the video's first frame (X-TIMESTAMP-MAP's MPEGTS), read from the start of
   * the first segment of its lowest rendition, decrypted with the first key when the segments are
   * encrypted (D35); ffmpeg's usual 1.4 s if it cannot be read.
   */
  private async firstPtsOf(outputPrefix: string, height: number, key: Buffer | null): Promise<number> {
    const known = this.firstPts.get(outputPrefix);
    if (known !== undefined) return known;
    try {
      const pts = await renditionStartPts(this.storage, `${outputPrefix}${height}/`, key);
      if (pts === undefined) return FFMPEG_TS_START;
      this.firstPts.set(outputPrefix, pts);
      return pts;
    } catch (error) {
      this.logger.warn({ err: error, outputPrefix }, 'first frame timestamp not read; ffmpeg default used');
      return FFMPEG_TS_START;
    }
  }
}

function toTrack(subtitle: StoredSubtitle): SubtitleTrack {
  return {
    subtitleId: subtitle.id,
    videoId: subtitle.videoId,
    language: subtitle.language,
    forced: subtitle.forced,
    sdh: subtitle.sdh,
    name: subtitleName(subtitle),
    cueCount: subtitle.cueCount,
    format: subtitle.format,
    createdAt: subtitle.createdAt.toISOString(),
  };
}

/** The kind of a track from an upload's query (`language=ta&forced=true&sdh=false`); 400 for anything else. */
export function subtitleKindOf(query: URLSearchParams): SubtitleKind {
  const language = query.get('language');
  const flag = (name: string) => {
    const value = query.get(name);
    if (value === null || value === '' || value === 'false' || value === '0') return false;
    if (value === 'true' || value === '1') return true;
    throw new DomainError(ErrorCode.VALIDATION_FAILED, `${name} must be true or false.`, {
      [name]: ['must be true or false'],
    });
  };
  if (!isInterfaceLanguageCode(language))
    throw new DomainError(ErrorCode.VALIDATION_FAILED, 'The subtitles need one of the eight languages.', {
      language: ['must be one of en, hi, ta, te, ml, kn, bn, bho'],
    });
  return { language, forced: flag('forced'), sdh: flag('sdh') };
}
