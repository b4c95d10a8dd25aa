import { Inject, Injectable } from '@nestjs/common';
import {
  DomainError,
  ErrorCode,
  isInterfaceLanguageCode,
  NATIVE_LANGUAGE_NAMES,
  ORIGINAL_AUDIO_NAME,
  type AddAudioStreamRequest,
  type AudioTrack,
  type AudioTrackRef,
  type InterfaceLanguageCode,
  type SourceAudioStream,
  type VideoAudioTracksAnswer,
} from '@chitram/contracts';
import { JobQueue, LOGGER, type Logger } from '@chitram/nest-kit';
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ObjectStorage } from '../storage/object-storage';
import { ReadyVideos } from '../streaming/ready-videos';
import { NotAudioError, probeAudio, probeVideo } from '../transcoding/probe';
import { hlsPrefix } from '../videos/video-objects';
import { VideosRepository, type StoredVideo } from '../videos/videos.repository';
import { AUDIO_JOB, audioSourceKey, type AudioJob } from './audio-job';
import { AudioTracksRepository, type StoredAudioTrack } from './audio-tracks.repository';

/** The NAME a track has in the master playlist: its language in itself (the original's, if known). */
export function audioTrackName(track: Pick<StoredAudioTrack, 'language' | 'original'>): string {
  return track.language ? NATIVE_LANGUAGE_NAMES[track.language] : ORIGINAL_AUDIO_NAME;
}

export function toAudioTrack(track: StoredAudioTrack): AudioTrack {
  return {
    audioTrackId: track.id,
    videoId: track.videoId,
    language: track.language,
    original: track.original,
    source: track.source,
    sourceStream: track.sourceStream,
    name: audioTrackName(track),
    state: track.state,
    error: track.error,
    createdAt: track.createdAt.toISOString(),
  };
}

const noVideo = () => new DomainError(ErrorCode.NOT_FOUND, 'There is no such video.');

/**
 * A video's extra audio tracks (D44): a dub from an uploaded file (audio-uploads.ts) or from one of the
 * source's own audio streams, each made by a `media.audio` job into an audio-only HLS rendition beside
 * the video's picture, which is never transcoded again. The first dub also makes the video's own audio
 * a rendition (the original), so the player plays every track from a playlist of its own.
 */
@Injectable()
export class AudioTracksService {
  constructor(
    private readonly tracks: AudioTracksRepository,
    private readonly videos: VideosRepository,
    private readonly ready: ReadyVideos,
    private readonly storage: ObjectStorage,
    private readonly queue: JobQueue,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async list(videoId: string): Promise<VideoAudioTracksAnswer> {
    const video = await this.videos.find(videoId);
    if (!video) throw noVideo();
    return {
      videoId,
      tracks: (await this.tracks.forVideo(videoId)).map(toAudioTrack),
      sourceStreams: await this.sourceStreams(video),
    };
  }

  /** A dub from the source's audio stream `sourceStream`, queued for its job. */
  async addStream({
    videoId,
    language,
    sourceStream,
    originalLanguage,
  }: AddAudioStreamRequest): Promise<AudioTrack> {
    const video = await this.readyVideo(videoId, language);
    const streams = await this.sourceStreams(video);
    if (!streams.some((s) => s.stream === sourceStream)) {
      const why = streams.length
        ? `The source has audio streams 0 to ${streams.length - 1}; there is no stream ${sourceStream}.`
        : 'The source of this video has no audio stream to take.';
      throw new DomainError(ErrorCode.AUDIO_STREAM_NOT_FOUND, why, { sourceStream: [why] });
    }
    await this.ensureOriginal(video, originalLanguage);
    const track = await this.insert(video, language, 'stream', sourceStream, 'queued');
    await this.enqueue(track.id);
    return toAudioTrack(track);
  }

  /**
   * A dub whose file is about to be uploaded (tus creation): checked, then kept as `uploading` under
   * the upload's id, so the upload's name is the track's.
   */
  async openUpload(
    videoId: string,
    id: string,
    language: InterfaceLanguageCode,
    originalLanguage: InterfaceLanguageCode | undefined,
  ): Promise<AudioTrack> {
    const video = await this.readyVideo(videoId, language);
    await this.ensureOriginal(video, originalLanguage);
    return toAudioTrack(await this.insert(video, language, 'upload', null, 'uploading', id));
  }

  /** Checks a new upload before it starts: a ready video, without a track in this language. */
  async checkUpload(videoId: string, language: InterfaceLanguageCode): Promise<void> {
    await this.readyVideo(videoId, language);
  }

  /** Whether an upload still takes bytes: its track is waiting for its file. */
  async takesBytes(id: string): Promise<boolean> {
    return (await this.tracks.find(id))?.state === 'uploading';
  }

  /**
   * A finished upload's file, read by its content: refused (AUDIO_INVALID, the track failed) when
   * ffprobe finds no audio in it; otherwise stored beside the track's rendition and queued.
   */
  async uploaded(id: string, file: string): Promise<void> {
    const track = await this.tracks.find(id);
    if (track?.state !== 'uploading') return;
    try {
      await probeAudio(file);
    } catch (error) {
      if (!(error instanceof NotAudioError)) throw error;
      await this.tracks.move(id, ['uploading'], 'failed', error.message);
      throw new DomainError(ErrorCode.AUDIO_INVALID, error.message, { file: [error.message] });
    }
    await this.storage.put(audioSourceKey(track), createReadStream(file), 'application/octet-stream');
    if (await this.tracks.move(id, ['uploading'], 'queued')) await this.enqueue(id);
  }

  /** The admin cancelled the upload: the track goes. */
  async cancelled(id: string): Promise<void> {
    const track = await this.tracks.find(id);
    if (track?.state === 'uploading') await this.tracks.remove(track.videoId, id);
  }

  /** Removes a dub and its files; the last dub takes the original rendition with it (the master lists none). */
  async remove({ videoId, audioTrackId }: AudioTrackRef): Promise<VideoAudioTracksAnswer> {
    const track = (await this.tracks.forVideo(videoId)).find((t) => t.id === audioTrackId);
    if (!track) throw new DomainError(ErrorCode.NOT_FOUND, 'There is no such audio track.');
    if (track.original)
      throw new DomainError(
        ErrorCode.CONFLICT,
        "The video's own audio stays while it has dubs; remove the dubs to remove it.",
      );
    const removed = [await this.tracks.remove(videoId, audioTrackId)];
    const left = await this.tracks.forVideo(videoId);
    if (left.every((t) => t.original))
      for (const original of left) removed.push(await this.tracks.remove(videoId, original.id));
    this.ready.forget(videoId);
    for (const gone of removed) if (gone) await this.removeObjects(gone);
    return this.list(videoId);
  }

  private async readyVideo(videoId: string, language: InterfaceLanguageCode): Promise<StoredVideo> {
    if (!isInterfaceLanguageCode(language))
      throw new DomainError(ErrorCode.VALIDATION_FAILED, 'An audio track needs one of the eight languages.', {
        language: ['must be one of en, hi, ta, te, ml, kn, bn, bho'],
      });
    const video = await this.videos.find(videoId);
    if (!video) throw noVideo();
    if (video.state !== 'ready' || !video.outputPrefix || !video.renditions.length)
      throw new DomainError(
        ErrorCode.CONFLICT,
        `This video is ${video.state}; audio tracks need a ready video.`,
      );
    const taken = (await this.tracks.forVideo(videoId)).find((t) => t.language === language);
    if (taken) throw languageTaken(taken);
    return video;
  }

  private async insert(
    video: StoredVideo,
    language: InterfaceLanguageCode | null,
    source: StoredAudioTrack['source'],
    sourceStream: number | null,
    state: StoredAudioTrack['state'],
    id = randomBytes(6).toString('hex'),
  ): Promise<StoredAudioTrack> {
    const original = source === 'original';
    const prefix = `${hlsPrefix(video.id)}audio/${id}/`;
    const track = { id, videoId: video.id, language, original, source, sourceStream, state, prefix };
    if (!(await this.tracks.insert(track))) {
      const taken = (await this.tracks.forVideo(video.id)).find((t) => t.language === language);
      throw taken
        ? languageTaken(taken)
        : new DomainError(ErrorCode.CONFLICT, 'The track was added already.');
    }
    this.logger.info({ videoId: video.id, audioTrackId: id, language, source }, 'audio track added');
    return (await this.tracks.find(id))!;
  }

  /**
   * The first dub makes the video's own audio a rendition too (D44), in the title's language when it
   * is one of the eight and no dub has it; nothing for a video without sound.
   */
  private async ensureOriginal(
    video: StoredVideo,
    language: InterfaceLanguageCode | undefined,
  ): Promise<void> {
    if (!video.hasAudio) return;
    const tracks = await this.tracks.forVideo(video.id);
    if (tracks.some((t) => t.original)) return;
    const free = language && !tracks.some((t) => t.language === language) ? language : null;
    try {
      const original = await this.insert(video, free, 'original', null, 'queued');
      await this.enqueue(original.id);
    } catch (error) {
      // Another request made it meanwhile.
      if (!(error instanceof DomainError && error.code === ErrorCode.CONFLICT)) throw error;
    }
  }

  private async enqueue(audioTrackId: string): Promise<void> {
    await this.queue.enqueue(AUDIO_JOB, { audioTrackId } satisfies AudioJob, `${AUDIO_JOB}:${audioTrackId}`);
  }

  /**
   * The source's audio streams: kept at transcode time; for a video transcoded before, read once from
   * its source (fetched whole: ffprobe may need the end of an MP4). A copy has no source: none.
   */
  private async sourceStreams(video: StoredVideo): Promise<SourceAudioStream[]> {
    if (video.sourceAudio) return video.sourceAudio;
    if (!video.sourceKey || video.state !== 'ready') return [];
    const work = await mkdtemp(path.join(tmpdir(), 'chitram-source-audio-'));
    try {
      const file = path.join(work, 'source');
      await pipeline(await this.storage.read(video.sourceKey), createWriteStream(file));
      const streams = (await probeVideo(file)).audioStreams;
      await this.videos.setSourceAudio(video.id, streams);
      return streams;
    } catch (error) {
      this.logger.warn({ err: error, videoId: video.id }, "could not read the source's audio streams");
      return [];
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }

  private async removeObjects(track: StoredAudioTrack): Promise<void> {
    try {
      await this.storage.remove(await this.storage.keysUnder(track.prefix));
    } catch (error) {
      // Unlisted and unsigned, the files are unreachable; they go with the video's folder at the latest.
      this.logger.warn({ err: error, prefix: track.prefix }, 'old audio track files not removed');
    }
  }
}

function languageTaken(track: StoredAudioTrack): DomainError {
  const name = audioTrackName(track);
  return new DomainError(
    ErrorCode.CONFLICT,
    `This video has a ${name} audio track already; remove it first.`,
    { language: [`has a ${name} track already`] },
  );
}
