import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import {
  DomainError,
  ErrorCode,
  HTTP_STATUS_BY_CODE,
  isMediaKey,
  MEDIA_CACHE_CONTROL,
  MEDIA_IMAGE_WIDTH_PARAM,
  MEDIA_KEY_PREFIX,
  parseImageWidth,
  REQUEST_ID_HEADER,
  SUBTITLE_UPLOADS_PATH,
  AUDIO_UPLOADS_PATH,
  UPLOAD_PURPOSES,
  VIDEO_UPLOADS_PATH,
  type ErrorBody,
  type UploadPurpose,
} from '@chitram/contracts';
import { LOGGER, requestIdFrom, runWithRequestContext, type Logger } from '@chitram/nest-kit';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AudioUploads } from '../audio/audio-uploads';
import { MediaConfig } from '../config';
import { ImageVariants } from '../objects/image-variants';
import { ObjectStorage } from '../storage/object-storage';
import { StreamOrigin } from '../streaming/stream-origin';
import { SubtitleUploads } from '../subtitles/subtitle-uploads';
import { storeUpload } from '../uploads/store-upload';
import { VideoUploads } from '../uploads/video-uploads';
import { VideosRepository } from '../videos/videos.repository';
import { InternalTokenGuard } from './internal-token.guard';
import { serveObject } from './serve-object';

/** A form field name as it may appear in messages: `thumbnail`, `cast[]`, `episodes[0][banner]`. */
const FIELD_NAME = /^[A-Za-z0-9_.[\]-]{1,60}$/;

/**
 * The media service's internal HTTP server. Large bytes never cross NATS (ARCHITECTURE rule 4):
 * the gateway streams each uploaded file here as a raw request body, and reads stored objects back
 * from here to serve them.
 *
 *   POST /uploads/{image|banner}?field=<form field>   body: the file's bytes → 201 StoredMedia
 *   GET|HEAD /objects/{images|videos}/<uuid>.<ext>     → the object, with long cache headers
 *   GET|HEAD /objects/images/<uuid>.<ext>?w=<width>    → the picture at that width, as WebP (image-variants.ts)
 *   POST|HEAD|PATCH|DELETE /uploads/videos/…           a title's video file, resumable (uploads/video-uploads.ts)
 *   POST /uploads/subtitles/<videoId>?language=…       a subtitle file, whole (subtitles/subtitle-uploads.ts, D44)
 *   POST|HEAD|PATCH|DELETE /uploads/audio/…            a dub's audio file, resumable (audio/audio-uploads.ts, D44)
 */
@Injectable()
export class MediaHttpServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private server?: Server;
  private readonly guard: InternalTokenGuard;

  constructor(
    private readonly config: MediaConfig,
    private readonly storage: ObjectStorage,
    private readonly origin: StreamOrigin,
    private readonly videoUploads: VideoUploads,
    private readonly videos: VideosRepository,
    private readonly variants: ImageVariants,
    private readonly subtitleUploads: SubtitleUploads,
    private readonly audioUploads: AudioUploads,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.guard = new InternalTokenGuard(config.MEDIA_INTERNAL_TOKEN);
  }

  /** Where the server listens, e.g. http://127.0.0.1:4104 (tests start it on a free port). */
  get url(): string {
    const address = this.server?.address() as AddressInfo | null | undefined;
    if (!address) throw new Error('the media HTTP server is not listening');
    return `http://127.0.0.1:${address.port}`;
  }

  async onApplicationBootstrap(): Promise<void> {
    const server = createServer((req, res) => {
      const requestId = requestIdFrom(req.headers[REQUEST_ID_HEADER]);
      runWithRequestContext({ requestId }, () => {
        this.route(req, res).catch((error: unknown) => this.fail(req, res, error));
      });
    });
    // Uploads of 50 MB from a slow admin connection take a while; a stalled one is cut off.
    server.requestTimeout = 10 * 60_000;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.config.MEDIA_HTTP_PORT, this.config.MEDIA_HTTP_HOST, () => resolve());
    });
    this.server = server;
    this.logger.info({ url: this.url }, 'media HTTP server listening');
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
  }

  private async route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    this.guard.check(req);
    const url = new URL(req.url ?? '/', 'http://media.internal');
    if (url.pathname.startsWith(`${VIDEO_UPLOADS_PATH}/`)) return this.videoUploads.handle(req, res);
    if (url.pathname.startsWith(`${SUBTITLE_UPLOADS_PATH}/`))
      return this.subtitleUploads.handle(req, res, url);
    if (url.pathname.startsWith(`${AUDIO_UPLOADS_PATH}/`)) return this.audioUploads.handle(req, res);
    const upload = /^\/uploads\/([a-z]+)$/.exec(url.pathname);
    if (upload && req.method === 'POST') {
      return this.upload(req, res, upload[1], url.searchParams.get('field'));
    }
    const stream = /^\/stream\/([^/]+)\/(.+)$/.exec(url.pathname);
    if (stream && (req.method === 'GET' || req.method === 'HEAD'))
      return this.origin.serve(req, res, stream[1], stream[2]);
    const object = /^\/objects\/(.+)$/.exec(url.pathname);
    if (object && (req.method === 'GET' || req.method === 'HEAD')) {
      return this.serve(
        req,
        res,
        decodeURIComponent(object[1]),
        url.searchParams.get(MEDIA_IMAGE_WIDTH_PARAM),
      );
    }
    throw new DomainError(ErrorCode.ROUTE_NOT_FOUND, 'There is nothing at this address.');
  }

  private async upload(
    req: IncomingMessage,
    res: ServerResponse,
    purposeText: string,
    fieldText: string | null,
  ): Promise<void> {
    if (!(UPLOAD_PURPOSES as readonly string[]).includes(purposeText)) {
      throw new DomainError(ErrorCode.ROUTE_NOT_FOUND, `Uploads are for ${UPLOAD_PURPOSES.join(' or ')}.`);
    }
    const field = fieldText && FIELD_NAME.test(fieldText) ? fieldText : 'file';
    const source = req[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
    try {
      const stored = await storeUpload(this.storage, source, purposeText as UploadPurpose, field);
      this.logger.info({ key: stored.key, size: stored.size, field }, 'upload stored');
      this.send(res, 201, stored);
    } catch (error) {
      // Read (and drop) whatever the client still sends, so it gets to read the answer.
      void drain(source);
      throw error;
    }
  }

  private async serve(
    req: IncomingMessage,
    res: ServerResponse,
    key: string,
    widthText: string | null,
  ): Promise<void> {
    const missing = 'No such image.';
    if (!isMediaKey(key)) throw new DomainError(ErrorCode.NOT_FOUND, missing);
    // A title's uploaded video is never public (it plays through signed streams): sources stored under
    // videos/ before they had their own prefix are refused by name.
    if (key.startsWith(`${MEDIA_KEY_PREFIX.video}/`) && (await this.videos.isSource(key)))
      throw new DomainError(ErrorCode.NOT_FOUND, missing);
    const served = widthText === null ? key : await this.variants.keyFor(key, parseImageWidth(widthText));
    await serveObject(this.storage, this.logger, req, res, served, MEDIA_CACHE_CONTROL, missing);
  }

  private fail(req: IncomingMessage, res: ServerResponse, error: unknown): void {
    let body: ErrorBody;
    if (error instanceof DomainError) {
      body = error.toBody();
    } else if (req.destroyed && !req.complete) {
      // The client went away mid-upload; storeUpload has already discarded the partial file.
      this.logger.info({ url: req.url }, 'upload cut off by the client');
      return;
    } else {
      this.logger.error({ err: error, url: req.url }, 'media request failed');
      body = {
        code: ErrorCode.SERVICE_UNAVAILABLE,
        message: 'Media storage is not available right now. Please try again shortly.',
      };
    }
    if (res.headersSent) {
      res.destroy();
      return;
    }
    this.send(res, HTTP_STATUS_BY_CODE[body.code], body);
  }

  private send(res: ServerResponse, status: number, body: unknown): void {
    if (res.writableEnded || res.destroyed) return;
    const json = JSON.stringify(body);
    res.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(json),
    });
    res.end(json);
  }
}

async function drain(source: AsyncIterator<Buffer>): Promise<void> {
  try {
    while (!(await source.next()).done);
  } catch {
    // The client went away; nothing left to read.
  }
}
