import { Inject, Injectable } from '@nestjs/common';
import {
  JobHandler,
  LOGGER,
  Outbox,
  PermanentJobFailure,
  type JobContext,
  type JobEnvelope,
  type Logger,
} from '@chitram/nest-kit';
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { MediaConfig } from '../config';
import { ObjectStorage } from '../storage/object-storage';
import { MASTER_PLAYLIST, POSTER_FILE, transcodeToHls } from '../transcoding/hls-transcoder';
import { NotAVideoError, probeVideo } from '../transcoding/probe';
import { makeTrickplay, TRICKPLAY_DIR } from '../transcoding/trickplay';
import { fetchClearRendition } from './clear-rendition';
import { IntroSuggestions } from './intro-suggestions';
import { TRICKPLAY_JOB, type TrickplayJob } from './trickplay-backfill';
import { hlsPrefix, TRANSCODE_JOB, type TranscodeJob, VideosService } from './videos.service';
import { VideosRepository } from './videos.repository';

/** A job that failed this many deliveries (ffmpeg crashed, storage down) marks its video failed. */
const MAX_DELIVERIES = 3;
/** Progress is announced when it has moved this many points since the last announcement. */
const PROGRESS_STEP = 5;
const HEARTBEAT_MS = 5000;

const CONTENT_TYPES: Record<string, string> = {
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
  '.jpg': 'image/jpeg',
  '.vtt': 'text/vtt',
};

async function filesUnder(dir: string, base = dir): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await filesUnder(full, base)));
    else found.push(path.relative(base, full));
  }
  return found;
}

/**
 * The transcoding worker (ARCHITECTURE rule 10): any number of media instances share the jobs of the
 * work queue. It reports progress while it works, so a worker that dies leaves its job to another after
 * TRANSCODE_ACK_WAIT_SECONDS. Each attempt writes its own folder; the first attempt to finish becomes
 * the visible result, and any other attempt's objects are removed, so nothing is transcoded twice into
 * what viewers see.
 */
@Injectable()
export class TranscodeWorker {
  constructor(
    private readonly videos: VideosRepository,
    private readonly service: VideosService,
    private readonly outbox: Outbox,
    private readonly storage: ObjectStorage,
    private readonly config: MediaConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly intros: IntroSuggestions,
  ) {}

  @JobHandler(TRANSCODE_JOB, {
    ackWaitMs: (config) => Number((config as Partial<MediaConfig>).TRANSCODE_ACK_WAIT_SECONDS ?? 60) * 1000,
  })
  async transcode(job: JobEnvelope<TranscodeJob>, context: JobContext): Promise<void> {
    const { videoId } = job.payload;
    const video = await this.service.move(videoId, ['queued', 'transcoding'], 'transcoding', { progress: 0 });
    if (!video?.sourceKey) return; // deleted, already ready, or failed for good: nothing to do
    const heartbeat = setInterval(() => context.progress(), HEARTBEAT_MS);
    const work = await mkdtemp(path.join(tmpdir(), 'chitram-transcode-'));
    try {
      await this.run(videoId, video.sourceKey, work, context);
    } catch (error) {
      if (error instanceof NotAVideoError) {
        await this.service.move(videoId, ['transcoding'], 'failed', { error: error.message });
        throw new PermanentJobFailure(error.message);
      }
      if (context.delivery >= MAX_DELIVERIES) {
        const reason =
          `Transcoding failed ${MAX_DELIVERIES} times: ${error instanceof Error ? error.message : String(error)}`.slice(
            0,
            500,
          );
        await this.service.move(videoId, ['transcoding'], 'failed', { error: reason });
        throw new PermanentJobFailure(reason);
      }
      throw error;
    } finally {
      clearInterval(heartbeat);
      await rm(work, { recursive: true, force: true });
    }
  }

  private async run(videoId: string, sourceKey: string, work: string, context: JobContext): Promise<void> {
    const source = path.join(work, 'source');
    await pipeline(await this.storage.read(sourceKey), createWriteStream(source));
    const probe = await probeVideo(source);

    const out = path.join(work, 'hls');
    let announced = 0;
    let reporting = Promise.resolve();
    const result = await transcodeToHls(
      source,
      probe,
      out,
      (done) => {
        context.progress();
        const percent = Math.min(99, Math.floor(done * 100));
        if (percent - announced < PROGRESS_STEP) return;
        announced = percent;
        // One report at a time, in order; a slow database never holds ffmpeg up.
        reporting = reporting.then(() => this.reportProgress(videoId, percent)).catch(() => undefined);
      },
      undefined,
      // D35: every new transcode is encrypted; whether a viewer gets the keys is the grant's business.
      { segmentsPerKey: this.config.HLS_KEY_ROTATION_SEGMENTS },
    );
    await reporting;

    const attempt = randomUUID();
    const prefix = `${hlsPrefix(videoId)}${attempt}/`;
    for (const file of await filesUnder(out)) {
      if (file === POSTER_FILE) continue;
      const contentType = CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream';
      await this.storage.put(`${prefix}${file}`, createReadStream(path.join(out, file)), contentType);
      context.progress();
    }
    // The poster is a public still, kept with the other images.
    const posterKey = `images/${randomUUID()}.jpg`;
    await this.storage.put(posterKey, createReadStream(path.join(out, POSTER_FILE)), 'image/jpeg');

    const published = await this.outbox.transaction(async (manager, emit) => {
      const ready = await this.videos.publish(manager, videoId, {
        outputPrefix: prefix,
        renditions: result.renditions.map((r) => r.height),
        width: probe.width,
        height: probe.height,
        durationSeconds: probe.durationSeconds,
        hasAudio: probe.hasAudio,
        posterKey,
        hasTrickplay: true,
        keys: result.keys,
        sourceAudio: probe.audioStreams,
      });
      // A replacement of the same length keeps the title's markers (D42).
      const current = ready && ((await this.videos.inheritMarkers(manager, ready)) ?? ready);
      if (current) await this.service.announce(emit, current);
      return current;
    });
    if (!published) {
      // Another worker finished the same video first: its result is the one viewers see.
      await this.storage.remove([...(await this.storage.keysUnder(prefix)), posterKey]);
      this.logger.info({ videoId }, 'transcode finished second; its copy removed');
      return;
    }
    // Folders of attempts whose workers died halfway.
    const leftovers = (await this.storage.keysUnder(hlsPrefix(videoId))).filter(
      (key) => !key.startsWith(prefix),
    );
    await this.storage.remove(leftovers);
    // The title plays this one now: the video it replaces goes, with its objects.
    await this.service
      .releaseReplaced(published)
      .catch((error: unknown) =>
        this.logger.warn({ err: error, videoId }, 'could not remove the videos this one replaced'),
      );
    this.logger.info(
      {
        videoId,
        renditions: published.renditions,
        seconds: probe.durationSeconds,
        master: `${prefix}${MASTER_PLAYLIST}`,
      },
      'video ready',
    );
    // D42: an episode's audio is compared with its series' other episodes (never fails the job).
    await this.intros.afterTranscode(published, source);
  }

  /**
   * D42's backfill of one output folder: its lowest rendition is fetched from storage and its keyframes
   * made into sheets beside it; then every video playing that folder shows them. A failure is retried,
   * and after MAX_DELIVERIES given up (the video plays on without pictures on its seek bar).
   */
  @JobHandler(TRICKPLAY_JOB, {
    ackWaitMs: (config) => Number((config as Partial<MediaConfig>).TRANSCODE_ACK_WAIT_SECONDS ?? 60) * 1000,
  })
  async backfillTrickplay(job: JobEnvelope<TrickplayJob>, context: JobContext): Promise<void> {
    const video = await this.videos.find(job.payload.videoId);
    if (video?.state !== 'ready' || !video.outputPrefix || video.hasTrickplay || !video.durationSeconds)
      return;
    const lowest = Math.min(...video.renditions);
    const work = await mkdtemp(path.join(tmpdir(), 'chitram-trickplay-'));
    try {
      // ffmpeg reads the segments clear (D35): an encrypted folder's are decrypted on the way.
      const playlist = await fetchClearRendition(
        this.storage,
        { outputPrefix: video.outputPrefix, keys: video.keys },
        lowest,
        path.join(work, String(lowest)),
        () => context.progress(),
      );
      // ffmpeg reports nothing while it makes the sheets: the job says it is alive meanwhile.
      const alive = setInterval(() => context.progress(), 1000);
      const made = await makeTrickplay(playlist, video.durationSeconds, work).finally(() =>
        clearInterval(alive),
      );
      for (const file of made.files)
        await this.storage.put(
          `${video.outputPrefix}${TRICKPLAY_DIR}/${file}`,
          createReadStream(path.join(work, TRICKPLAY_DIR, file)),
          CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
        );
      const videos = await this.videos.trickplayMade(video.outputPrefix);
      this.logger.info({ videoId: video.id, sheets: made.sheets, videos }, 'trickplay backfilled');
    } catch (error) {
      if (context.delivery >= MAX_DELIVERIES)
        throw new PermanentJobFailure(
          `trickplay backfill failed ${MAX_DELIVERIES} times: ${error instanceof Error ? error.message : String(error)}`,
        );
      throw error;
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }

  private async reportProgress(videoId: string, percent: number): Promise<void> {
    await this.outbox.transaction(async (manager, emit) => {
      const video = await this.videos.progress(manager, videoId, percent);
      if (video) await this.service.announce(emit, video);
    });
  }
}
