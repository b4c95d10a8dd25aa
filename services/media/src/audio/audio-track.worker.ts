import { Inject, Injectable, Optional } from '@nestjs/common';
import {
  JobHandler,
  LOGGER,
  PermanentJobFailure,
  type JobContext,
  type JobEnvelope,
  type Logger,
} from '@chitram/nest-kit';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { MediaConfig } from '../config';
import { ObjectStorage } from '../storage/object-storage';
import { ReadyVideos } from '../streaming/ready-videos';
import { FFMPEG_TS_START, renditionStartPts } from '../streaming/rendition-start';
import { AUDIO_PLAYLIST, makeAudioRendition } from '../transcoding/audio-rendition';
import { NotAudioError, probeAudio } from '../transcoding/probe';
import { encryptFolders } from '../transcoding/segment-keys';
import { fetchClearRendition } from '../videos/clear-rendition';
import { VideosRepository, type StoredVideo } from '../videos/videos.repository';
import { AUDIO_JOB, audioSourceKey, type AudioJob } from './audio-job';
import { AudioTracksRepository, type StoredAudioTrack } from './audio-tracks.repository';

/** A job that failed this many deliveries (ffmpeg crashed, storage down) marks its track failed. */
const MAX_DELIVERIES = 3;
const M3U8 = 'application/vnd.apple.mpegurl';

/**
 * D44's audio job, on the transcoding workers: one track's sound (an uploaded file, a source audio
 * stream, or the video's own audio out of its lowest rendition) becomes an AAC rendition at −16 LUFS
 * in 6-second segments starting where the video's clock does, encrypted with the video's own keys when
 * its renditions are (D35), stored under the track's folder (playlist last), and the track is ready.
 */
@Injectable()
export class AudioTrackWorker {
  constructor(
    private readonly tracks: AudioTracksRepository,
    private readonly videos: VideosRepository,
    private readonly storage: ObjectStorage,
    @Inject(LOGGER) private readonly logger: Logger,
    // In the service's own process: the origin sees the new track at once (a worker's: within 30 s).
    @Optional() private readonly ready?: ReadyVideos,
  ) {}

  @JobHandler(AUDIO_JOB, {
    ackWaitMs: (config) => Number((config as Partial<MediaConfig>).TRANSCODE_ACK_WAIT_SECONDS ?? 60) * 1000,
  })
  async make(job: JobEnvelope<AudioJob>, context: JobContext): Promise<void> {
    const track = await this.tracks.move(job.payload.audioTrackId, ['queued', 'transcoding'], 'transcoding');
    if (!track) return; // removed, ready already, or failed for good
    const video = await this.videos.find(track.videoId);
    if (video?.state !== 'ready' || !video.outputPrefix || !video.renditions.length) {
      await this.tracks.move(track.id, ['transcoding'], 'failed', 'The video is no longer ready.');
      return;
    }
    const work = await mkdtemp(path.join(tmpdir(), 'chitram-audio-'));
    try {
      await this.run(track, video, work, context);
    } catch (error) {
      const permanent = error instanceof NotAudioError;
      if (permanent || context.delivery >= MAX_DELIVERIES) {
        const reason = (
          permanent
            ? error.message
            : `Making the audio track failed ${MAX_DELIVERIES} times: ${error instanceof Error ? error.message : String(error)}`
        ).slice(0, 500);
        await this.tracks.move(track.id, ['transcoding'], 'failed', reason);
        throw new PermanentJobFailure(reason);
      }
      throw error;
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }

  private async run(
    track: StoredAudioTrack,
    video: StoredVideo,
    work: string,
    context: JobContext,
  ): Promise<void> {
    const lowest = Math.min(...video.renditions);
    const outputPrefix = video.outputPrefix!;
    const { input, stream } = await this.input(track, video, lowest, work, context);
    const startPts =
      (await renditionStartPts(this.storage, `${outputPrefix}${lowest}/`, video.keys?.keys[0] ?? null)) ??
      FFMPEG_TS_START;
    const outDir = path.join(work, 'out');
    await mkdir(outDir);
    await makeAudioRendition(
      { input, stream, durationSeconds: video.durationSeconds ?? 0, startPts, outDir },
      () => context.progress(),
    );
    if (video.keys) await encryptFolders(work, ['out'], video.keys);
    const files = (await readdir(outDir)).filter((f) => f !== AUDIO_PLAYLIST).sort();
    for (const file of [...files, AUDIO_PLAYLIST]) {
      await this.storage.put(
        `${track.prefix}${file}`,
        createReadStream(path.join(outDir, file)),
        file === AUDIO_PLAYLIST ? M3U8 : 'video/mp2t',
      );
      context.progress();
    }
    if (!(await this.tracks.move(track.id, ['transcoding'], 'ready'))) {
      // Removed while it was being made: its files go too.
      await this.storage.remove(await this.storage.keysUnder(track.prefix));
      return;
    }
    if (track.source === 'upload')
      await this.storage
        .remove([audioSourceKey(track)])
        .catch((error: unknown) => this.logger.warn({ err: error }, 'uploaded audio file not removed'));
    this.ready?.forget(video.id);
    this.logger.info(
      { videoId: video.id, audioTrackId: track.id, language: track.language, source: track.source },
      'audio track ready',
    );
  }

  /** The file ffmpeg reads the track's sound from, and which of its audio streams. */
  private async input(
    track: StoredAudioTrack,
    video: StoredVideo,
    lowest: number,
    work: string,
    context: JobContext,
  ): Promise<{ input: string; stream: number }> {
    if (track.source === 'original') {
      const input = await fetchClearRendition(
        this.storage,
        { outputPrefix: video.outputPrefix!, keys: video.keys },
        lowest,
        path.join(work, 'rendition'),
        () => context.progress(),
      );
      return { input, stream: 0 };
    }
    const key = track.source === 'upload' ? audioSourceKey(track) : video.sourceKey;
    if (!key) throw new NotAudioError('The video has no source to take an audio stream from.');
    const input = path.join(work, 'source');
    await pipeline(await this.storage.read(key), createWriteStream(input));
    const streams = await probeAudio(input);
    const stream = track.sourceStream ?? 0;
    if (stream >= streams.length) throw new NotAudioError(`The source has no audio stream ${stream}.`);
    return { input, stream };
  }
}
