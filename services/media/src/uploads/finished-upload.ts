import { DomainError, ErrorCode } from '@chitram/contracts';
import type { Logger } from '@chitram/nest-kit';
import { createReadStream } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ObjectStorage } from '../storage/object-storage';
import { newSourceKey, type VideosService } from '../videos/videos.service';
import { NotAVideoUpload, readHead } from './head-check';
import { detectVideoContainer } from './video-container';

/** Storage that fails this many times in a row fails the video; the admin uploads again. */
const STORE_ATTEMPTS = 3;
const RETRY_DELAY_MS = 2000;

export interface FinishedUpload {
  videoId: string;
  /** The upload's bytes on local disk. */
  file: string;
}

/**
 * Moves a finished upload into object storage under `sources/<uuid>.<ext>` (bounded memory: one part
 * at a time) and queues its video for transcoding. The caller removes the local file afterwards,
 * whatever happened. Never throws: what goes wrong ends in the video's state, or in the log.
 */
export async function storeFinishedUpload(
  upload: FinishedUpload,
  storage: ObjectStorage,
  videos: VideosService,
  logger: Logger,
): Promise<void> {
  const { videoId, file } = upload;
  const container = detectVideoContainer(await readHead(file));
  if (!container) {
    await failVideo(videos, videoId, new NotAVideoUpload().message, logger);
    return;
  }
  const key = newSourceKey(container.extension);
  for (let attempt = 1; ; attempt++) {
    try {
      await storage.put(key, createReadStream(file), container.contentType);
      break;
    } catch (error) {
      logger.warn({ err: error, videoId, key, attempt }, 'storing an uploaded video failed');
      if (attempt === STORE_ATTEMPTS) {
        await failVideo(
          videos,
          videoId,
          'The uploaded file could not be stored. Please upload it again.',
          logger,
        );
        return;
      }
      await sleep(RETRY_DELAY_MS * attempt);
    }
  }
  try {
    await videos.sourceStored(videoId, key);
    logger.info({ videoId, key }, 'uploaded video stored and queued');
  } catch (error) {
    // The video was removed meanwhile, or another upload of it finished first: this copy is not used.
    await storage.remove([key]).catch(() => undefined);
    if (
      error instanceof DomainError &&
      (error.code === ErrorCode.NOT_FOUND || error.code === ErrorCode.CONFLICT)
    ) {
      logger.info({ videoId, why: error.message }, 'uploaded video not used');
      return;
    }
    logger.error({ err: error, videoId }, 'queueing an uploaded video failed');
    await failVideo(
      videos,
      videoId,
      'The uploaded file could not be queued for transcoding. Please upload it again.',
      logger,
    );
  }
}

async function failVideo(
  videos: VideosService,
  videoId: string,
  reason: string,
  logger: Logger,
): Promise<void> {
  try {
    await videos.move(videoId, ['uploading'], 'failed', { error: reason });
  } catch (error) {
    logger.error({ err: error, videoId, reason }, 'could not mark an uploaded video failed');
  }
}
