import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import {
  DomainError,
  ErrorCode,
  VIDEO_UPLOAD_MAX_BYTES,
  VIDEO_UPLOADS_PATH,
  type VideoState,
} from '@chitram/contracts';
import { LOGGER, type Logger } from '@chitram/nest-kit';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MediaConfig } from '../config';
import { ObjectStorage } from '../storage/object-storage';
import { VideosService } from '../videos/videos.service';
import { storeFinishedUpload } from './finished-upload';
import { asTusAnswer, tusAnswer } from './tus-answer';
import { tusLibrary, type TusServer } from './tus-library';
import { UploadLocks } from './upload-locks';
import { createVideoFileStore } from './video-file-store';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const CREATION_PATH = new RegExp(`^${VIDEO_UPLOADS_PATH}/(${UUID})$`);
const UPLOAD_PATH = new RegExp(`^${VIDEO_UPLOADS_PATH}/(${UUID})/([0-9a-f]{32})$`);

/** A video takes a file while it has none (uploading, or its upload was cancelled) or its last one failed. */
const TAKES_A_FILE: readonly VideoState[] = ['uploading', 'failed', 'cancelled'];
/** Unfinished uploads are kept this long: a 20 GB file over a slow link may take a day or two. */
const UPLOAD_EXPIRY_MS = 72 * 3600_000;
const SWEEP_EVERY_MS = 3600_000;

/** On disk (and in the tus store) an upload is `<videoId>.<uploadId>`: its video is part of its name. */
const storeIdOf = (videoId: string, uploadId: string) => `${videoId}.${uploadId}`;
const videoIdOf = (storeId: string) => storeId.split('.')[0];

function pathOf(url: string): string {
  return new URL(url, 'http://media.internal').pathname;
}

/**
 * Video files up to 20 GB, uploaded resumably over tus (https://tus.io) into the media service's
 * HTTP server, with bounded memory: each upload is appended to a file in VIDEO_UPLOAD_DIR as it
 * arrives (tus's S3 store needs ListParts and AbortMultipartUpload, which s3rver, the local storage,
 * lacks), and once complete is moved into object storage and its video queued for transcoding.
 *
 *   POST   /uploads/videos/<videoId>              Upload-Length → 201, Location: …/<videoId>/<uploadId>
 *   HEAD   /uploads/videos/<videoId>/<uploadId>   → Upload-Offset (where to resume)
 *   PATCH  /uploads/videos/<videoId>/<uploadId>   Upload-Offset, body → 204, new Upload-Offset
 *   DELETE /uploads/videos/<videoId>/<uploadId>   → 204, the partial file removed (cancel)
 */
@Injectable()
export class VideoUploads implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown {
  private tus?: TusServer.Server;
  private store?: ReturnType<typeof createVideoFileStore>;
  private sweeper?: NodeJS.Timeout;
  /** Uploads being moved into object storage, so one is never moved twice at once. */
  private readonly finishing = new Map<string, Promise<void>>();
  readonly directory: string;

  constructor(
    config: MediaConfig,
    private readonly storage: ObjectStorage,
    private readonly videos: VideosService,
    private readonly locks: UploadLocks,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    // One folder per database by default, so platforms and tests on one machine never share uploads.
    this.directory =
      config.VIDEO_UPLOAD_DIR ||
      path.join(tmpdir(), 'chitram-video-uploads', config.DATABASE_NAME || 'chitram_media');
  }

  onModuleInit(): void {
    let library: ReturnType<typeof tusLibrary>;
    try {
      library = tusLibrary();
    } catch (error) {
      // Only where ES modules cannot be required (jest's registry: the service's in-process tests,
      // which then run without video uploads); the built service on Node 20.19+ always loads it.
      this.logger.error({ err: error }, 'video uploads are off: the tus library could not be loaded');
      return;
    }
    const { server, fileStore } = library;
    mkdirSync(this.directory, { recursive: true });
    this.store = createVideoFileStore(fileStore.FileStore, {
      directory: this.directory,
      expiryMs: UPLOAD_EXPIRY_MS,
      onRefused: (storeId, reason) => this.refused(storeId, reason),
    });
    this.tus = new server.Server({
      path: VIDEO_UPLOADS_PATH,
      datastore: this.store,
      // Instances sharing VIDEO_UPLOAD_DIR take turns on an upload, whichever one a request reaches.
      locker: this.locks,
      maxSize: VIDEO_UPLOAD_MAX_BYTES,
      relativeLocation: true,
      disableTerminationForFinishedUploads: true,
      namingFunction: (req) => {
        const videoId = CREATION_PATH.exec(pathOf(req.url))?.[1];
        if (!videoId) throw tusAnswer(ErrorCode.ROUTE_NOT_FOUND, 'There is nothing at this address.');
        // VIDEO_UPLOAD_ID: 32 hex characters.
        return storeIdOf(videoId, randomBytes(16).toString('hex'));
      },
      getFileIdFromRequest: (req) => {
        const match = UPLOAD_PATH.exec(pathOf(req.url));
        return match ? storeIdOf(match[1], match[2]) : undefined;
      },
      generateUrl: (_req, { path: base, id }) => `${base}/${id.replace('.', '/')}`,
      onIncomingRequest: async (req, storeId) => {
        if (req.method === 'POST') await this.opening(videoIdOf(storeId));
        else if (req.method === 'PATCH') await this.takingBytes(videoIdOf(storeId));
      },
      onUploadCreate: async (_req, upload) => ({
        // Only what the service set is kept: the client's own metadata is not needed.
        metadata: { videoId: videoIdOf(upload.id), filename: upload.metadata?.filename ?? null },
      }),
      onUploadFinish: async (_req, upload) => {
        void this.finish(upload.id);
        return {};
      },
      onResponseError: (_req, error) => {
        if (!('status_code' in error)) this.logger.error({ err: error }, 'video upload request failed');
        return undefined;
      },
    });
    // The admin cancelled (tus termination): what arrived is gone, and the video no longer waits for it.
    this.tus.on(server.EVENTS.POST_TERMINATE, (_req: unknown, _res: unknown, storeId: string) => {
      void this.cancelled(videoIdOf(storeId));
    });
  }

  onApplicationBootstrap(): void {
    if (!this.tus) return;
    // Uploads that finished just before a restart are still to be stored.
    void this.finishLeftovers();
    clearInterval(this.sweeper);
    this.sweeper = setInterval(() => void this.sweep(), SWEEP_EVERY_MS);
    this.sweeper.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.sweeper);
    await Promise.allSettled([...this.finishing.values()]);
  }

  /** Answers a request under /uploads/videos/ (the media HTTP server passes them all here). */
  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const route = pathOf(req.url ?? '/');
    const allowed = CREATION_PATH.test(route)
      ? req.method === 'POST'
      : UPLOAD_PATH.test(route) && ['HEAD', 'PATCH', 'DELETE'].includes(req.method ?? '');
    if (!allowed) throw new DomainError(ErrorCode.ROUTE_NOT_FOUND, 'There is nothing at this address.');
    if (!this.tus) {
      throw new DomainError(ErrorCode.SERVICE_UNAVAILABLE, 'Video uploads are not available right now.');
    }
    await this.tus.handle(req, res);
  }

  /** Moves a finished upload into object storage; resolves when done (tests and shutdown wait on it). */
  finish(storeId: string): Promise<void> {
    const running = this.finishing.get(storeId);
    if (running) return running;
    const file = path.join(this.directory, storeId);
    // Under the upload's lock, and only while its file is there: another instance sharing the folder
    // may have stored it already.
    const work = this.locks
      .holding(storeId, async () => {
        if (!existsSync(file)) return;
        await storeFinishedUpload(
          { videoId: videoIdOf(storeId), file },
          this.storage,
          this.videos,
          this.logger,
        );
        await this.store!.remove(storeId);
      })
      .catch((error: unknown) =>
        this.logger.warn(
          { err: error, storeId },
          'storing a finished upload failed; it is tried again at start',
        ),
      )
      .finally(() => this.finishing.delete(storeId));
    this.finishing.set(storeId, work);
    return work;
  }

  /** A new upload for a video: only for one that takes a file; a failed one is uploading again. */
  private async opening(videoId: string): Promise<void> {
    const video = await this.videos.get(videoId).catch((error: unknown) => {
      throw asTusAnswer(error);
    });
    if (!TAKES_A_FILE.includes(video.state)) {
      throw tusAnswer(ErrorCode.CONFLICT, `This video is ${video.state}; it takes no new file.`);
    }
    if (video.state !== 'uploading')
      await this.videos.move(videoId, ['failed', 'cancelled'], 'uploading', { progress: 0, error: null });
  }

  /** More bytes, for a video still waiting for its file (not removed, not given another meanwhile). */
  private async takingBytes(videoId: string): Promise<void> {
    const video = await this.videos.get(videoId).catch((error: unknown) => {
      throw asTusAnswer(error);
    });
    if (video.state !== 'uploading') {
      throw tusAnswer(ErrorCode.CONFLICT, `This video is ${video.state}; it takes no more bytes.`);
    }
  }

  private async cancelled(videoId: string): Promise<void> {
    try {
      if (await this.videos.cancel(videoId)) this.logger.info({ videoId }, 'video upload cancelled');
    } catch (error) {
      this.logger.error({ err: error, videoId }, 'could not mark a cancelled upload');
    }
  }

  private async refused(storeId: string, reason: string): Promise<void> {
    const videoId = videoIdOf(storeId);
    this.logger.info({ videoId, reason }, 'video upload refused');
    await this.videos.move(videoId, ['uploading'], 'failed', { error: reason });
  }

  private async finishLeftovers(): Promise<void> {
    try {
      for (const storeId of await this.store!.configstore.list!()) {
        const upload = await this.store!.getUpload(storeId).catch(() => undefined);
        if (upload && upload.size !== undefined && upload.offset === upload.size) await this.finish(storeId);
      }
    } catch (error) {
      this.logger.warn({ err: error, directory: this.directory }, 'could not look for finished uploads');
    }
  }

  private async sweep(): Promise<void> {
    try {
      const removed = await this.tus!.cleanUpExpiredUploads();
      if (removed) this.logger.info({ removed }, 'expired video uploads removed');
    } catch (error) {
      this.logger.warn({ err: error }, 'sweeping expired video uploads failed');
    }
  }
}
