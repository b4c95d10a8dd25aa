import { Inject, Injectable } from '@nestjs/common';
import {
  type CopyVideoRequest,
  type CreateVideoRequest,
  DomainError,
  ErrorCode,
  Events,
  TRAILER_OWNER_KINDS,
  type VideoState,
  type VideoStatus,
} from '@chitram/contracts';
import { type EmitEvent, JobQueue, LOGGER, type Logger, Outbox } from '@chitram/nest-kit';
import { randomUUID } from 'node:crypto';
import { ObjectStorage } from '../storage/object-storage';
import { foldersOf, objectsToRemove } from './video-objects';
import { toVideoStatus } from './video-status';
import { type StoredVideo, VideosRepository } from './videos.repository';

export const TRANSCODE_JOB = 'media.transcode';

export interface TranscodeJob {
  videoId: string;
}

export { hlsPrefix } from './video-objects';

/**
 * Where an uploaded source is kept: outside the public object keys (MEDIA_KEY), so the public image
 * route never serves it, nor may the gateway have it deleted.
 */
export const newSourceKey = (extension: string) => `sources/${randomUUID()}.${extension}`;

function notFound(): DomainError {
  return new DomainError(ErrorCode.NOT_FOUND, 'There is no such video.');
}

/**
 * A title's video through its life (DECISIONS D23): created for a title, its source stored, queued for
 * transcoding as a job on JetStream, ready or failed. Every change is an event (Events.videoStateChanged)
 * written in the same transaction, so the catalogue and the admin screens follow it.
 */
@Injectable()
export class VideosService {
  constructor(
    private readonly outbox: Outbox,
    private readonly videos: VideosRepository,
    private readonly queue: JobQueue,
    private readonly storage: ObjectStorage,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async create({ ownerKind, ownerId, seriesId }: CreateVideoRequest): Promise<VideoStatus> {
    return this.outbox.transaction(async (manager, emit) =>
      this.announce(emit, await this.videos.create(manager, ownerKind, ownerId, seriesId)),
    );
  }

  async get(videoId: string): Promise<VideoStatus> {
    const video = await this.videos.find(videoId);
    if (!video) throw notFound();
    return toVideoStatus(video);
  }

  /** The source's bytes are stored: the video waits for a transcoding worker. */
  async sourceStored(videoId: string, sourceKey: string): Promise<VideoStatus> {
    return this.queueTranscode(videoId, ['uploading', 'failed'], sourceKey);
  }

  /** An admin's Retry: a failed video (or one whose job was lost) is queued again. */
  async retry(videoId: string): Promise<VideoStatus> {
    return this.queueTranscode(videoId, ['failed', 'queued']);
  }

  /** Moves a video to a state and announces it, in one transaction; undefined if it was not in `from`. */
  move(
    videoId: string,
    from: readonly VideoState[],
    to: VideoState,
    fields: { progress?: number; error?: string | null } = {},
  ): Promise<StoredVideo | undefined> {
    return this.outbox.transaction(async (manager, emit) => {
      const moved = await this.videos.move(manager, videoId, from, to, fields);
      if (moved) await this.announce(emit, moved);
      return moved;
    });
  }

  /**
   * Gives a title a ready copy of a ready video: it plays the same renditions, which stay where they
   * are in object storage (nothing is transcoded or copied), and replaces what the title played before.
   */
  async copy({ fromVideoId, ownerKind, ownerId }: CopyVideoRequest): Promise<VideoStatus> {
    const copy = await this.outbox.transaction(async (manager, emit) => {
      const copied = await this.videos.copyReady(manager, fromVideoId, ownerKind, ownerId);
      // A copy of the same length as the title's video before it keeps its markers (D42).
      const made = copied && ((await this.videos.inheritMarkers(manager, copied)) ?? copied);
      if (made) {
        await this.announce(emit, made);
        return made;
      }
      const from = await this.videos.find(fromVideoId, manager);
      if (!from) throw notFound();
      throw new DomainError(
        ErrorCode.CONFLICT,
        `This video is ${from.state}; only a ready video can be copied.`,
      );
    });
    this.logger.info({ videoId: copy.id, from: fromVideoId, ownerKind, ownerId }, 'video copied');
    await this.releaseReplaced(copy).catch((error: unknown) =>
      this.logger.warn({ err: error, videoId: copy.id }, 'could not remove the videos this one replaced'),
    );
    return toVideoStatus(copy);
  }

  /**
   * Removes the video and every object made from it (its title is gone, or it was replaced), except
   * what a copy of it still plays: shared renditions go with the last video that plays them.
   */
  async remove(videoId: string): Promise<void> {
    const video = await this.outbox.transaction((manager) => this.videos.remove(manager, videoId));
    if (!video) throw notFound();
    // Asked after the commit: a copy made meanwhile held the row this removal waited for, so it is seen,
    // and of two videos sharing objects removed at once, the later to ask finds neither.
    const folders = foldersOf(video);
    const stored = (await Promise.all(folders.map((folder) => this.storage.keysUnder(folder)))).flat();
    const keys = objectsToRemove(video, stored, await this.videos.stillShared(folders, video.posterKey));
    await this.storage.remove(keys);
    this.logger.info({ videoId, objects: keys.length }, 'video removed');
  }

  /**
   * A title was deleted: removes its video and any other its title had (a replaced one, a cancelled
   * upload), with every object made from them.
   */
  async removeTitleOf(videoId: string): Promise<void> {
    const video = await this.videos.find(videoId);
    if (!video) throw notFound();
    for (const each of await this.videos.ownedBy(video.ownerKind, video.ownerId))
      await this.removeQuietly(each.id);
    // A deleted film's trailer goes with it (D45).
    if (video.ownerKind === 'movie')
      for (const each of await this.videos.ownedBy(TRAILER_OWNER_KINDS.movie, video.ownerId))
        await this.removeQuietly(each.id);
  }

  /**
   * A new video of a title is ready: the videos its title had before it (the one it replaces, failed or
   * cancelled uploads) are removed with their objects. Newer ones (an upload started since) stay.
   */
  async releaseReplaced(ready: StoredVideo): Promise<void> {
    const older = (await this.videos.ownedBy(ready.ownerKind, ready.ownerId)).filter(
      (video) => video.id !== ready.id && video.createdAt <= ready.createdAt,
    );
    for (const video of older) await this.removeQuietly(video.id);
    if (older.length)
      this.logger.info({ videoId: ready.id, replaced: older.map((v) => v.id) }, 'replaced videos removed');
  }

  /**
   * The admin cancelled the video's upload: it leaves "uploading" for "cancelled" (it takes a new file).
   * The title is told of the video it plays now: the ready one this upload was to replace, if any, else
   * this cancelled one. Undefined when the video was not uploading.
   */
  cancel(videoId: string): Promise<VideoStatus | undefined> {
    return this.outbox.transaction(async (manager, emit) => {
      const cancelled = await this.videos.move(manager, videoId, ['uploading'], 'cancelled', {
        progress: 0,
        error: null,
      });
      if (!cancelled) return undefined;
      const previous = (await this.videos.ownedBy(cancelled.ownerKind, cancelled.ownerId, manager)).find(
        (video) => video.state === 'ready' && video.createdAt <= cancelled.createdAt,
      );
      const current = previous ? await this.videos.touch(manager, previous.id) : undefined;
      await this.announce(emit, current ?? cancelled);
      return toVideoStatus(cancelled);
    });
  }

  /** Removes a video, unless it is gone already. */
  async removeQuietly(videoId: string): Promise<void> {
    try {
      await this.remove(videoId);
    } catch (error) {
      // Removed already (a redelivery, or another instance at the same time): nothing left to do.
      if (!(error instanceof DomainError && error.code === ErrorCode.NOT_FOUND)) throw error;
    }
  }

  async announce(emit: EmitEvent, video: StoredVideo): Promise<VideoStatus> {
    const status = toVideoStatus(video);
    await emit(Events.videoStateChanged, status);
    return status;
  }

  private async queueTranscode(
    videoId: string,
    from: readonly VideoState[],
    sourceKey?: string,
  ): Promise<VideoStatus> {
    const queued = await this.outbox.transaction(async (manager, emit) => {
      const moved = await this.videos.move(manager, videoId, from, 'queued', {
        progress: 0,
        error: null,
        ...(sourceKey ? { sourceKey } : {}),
      });
      if (!moved) {
        const video = await this.videos.find(videoId, manager);
        if (!video) throw notFound();
        throw new DomainError(ErrorCode.CONFLICT, `This video is ${video.state}; it cannot be queued now.`);
      }
      if (!moved.sourceKey) throw new DomainError(ErrorCode.CONFLICT, 'This video has no source yet.');
      return this.announce(emit, moved);
    });
    const job: TranscodeJob = { videoId };
    await this.queue.enqueue(TRANSCODE_JOB, job, `${TRANSCODE_JOB}:${videoId}:${randomUUID()}`);
    return queued;
  }
}
