import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { JobQueue, LOGGER, type Logger } from '@chitram/nest-kit';
import { VideosRepository } from './videos.repository';

export const TRICKPLAY_JOB = 'media.trickplay';

/** A video output folder that has no trickplay sheets yet (D42). */
export interface TrickplayJob {
  videoId: string;
}

/**
 * D42's backfill: at start, every ready output folder made before trickplay existed gets a job on the
 * work queue, which a transcoding worker turns into sheets from the folder's lowest rendition
 * (TranscodeWorker.backfillTrickplay). One job per folder, whichever instance enqueues it first.
 */
@Injectable()
export class TrickplayBackfill implements OnApplicationBootstrap {
  constructor(
    private readonly videos: VideosRepository,
    private readonly queue: JobQueue,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    // In the background: a start never waits for it.
    this.enqueueMissing().catch((error: unknown) =>
      this.logger.warn({ err: error }, 'could not queue the trickplay backfill'),
    );
  }

  async enqueueMissing(): Promise<number> {
    const videos = await this.videos.withoutTrickplay();
    for (const video of videos)
      await this.queue.enqueue(
        TRICKPLAY_JOB,
        { videoId: video.id } satisfies TrickplayJob,
        `${TRICKPLAY_JOB}:${video.outputPrefix}`,
      );
    if (videos.length) this.logger.info({ videos: videos.length }, 'trickplay backfill queued');
    return videos.length;
  }
}
