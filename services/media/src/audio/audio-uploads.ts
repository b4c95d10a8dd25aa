import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import {
  AUDIO_UPLOAD_MAX_BYTES,
  AUDIO_UPLOADS_PATH,
  DomainError,
  ErrorCode,
  isInterfaceLanguageCode,
  type InterfaceLanguageCode,
} from '@chitram/contracts';
import { LOGGER, type Logger } from '@chitram/nest-kit';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { asTusAnswer, tusAnswer } from '../uploads/tus-answer';
import { tusLibrary, type TusServer } from '../uploads/tus-library';
import { UploadLocks } from '../uploads/upload-locks';
import { VideoUploads } from '../uploads/video-uploads';
import { AudioTracksService } from './audio-tracks.service';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const CREATION_PATH = new RegExp(`^${AUDIO_UPLOADS_PATH}/(${UUID})$`);
const UPLOAD_PATH = new RegExp(`^${AUDIO_UPLOADS_PATH}/(${UUID})/([0-9a-f]{12})$`);
/** Unfinished uploads are kept as long as a video's. */
const UPLOAD_EXPIRY_MS = 72 * 3600_000;

/** On disk an upload is `<videoId>.<audioTrackId>`: the track's id is the upload's. */
const trackIdOf = (storeId: string) => storeId.split('.')[1];

function urlOf(req: { url: string }): URL {
  return new URL(req.url, 'http://media.internal');
}

function languageOf(url: URL, name: string): InterfaceLanguageCode | undefined {
  const value = url.searchParams.get(name);
  return isInterfaceLanguageCode(value) ? value : undefined;
}

/**
 * A dub's audio file (D44), uploaded resumably over tus as a video's file is, into a folder beside the
 * video uploads' and under the same locks (instances sharing it take turns on an upload). Creation
 * names the track's language (`?language=hi`) and makes the track; the finished file is read by its
 * content before the last PATCH is answered: no audio stream in it is 415 AUDIO_INVALID.
 *
 *   POST   /uploads/audio/<videoId>?language=hi         Upload-Length → 201, Location: …/<videoId>/<audioTrackId>
 *   HEAD   /uploads/audio/<videoId>/<audioTrackId>      → Upload-Offset
 *   PATCH  /uploads/audio/<videoId>/<audioTrackId>      the next bytes → 204 (the last: the file checked)
 *   DELETE /uploads/audio/<videoId>/<audioTrackId>      → 204, the track removed (cancel)
 */
@Injectable()
export class AudioUploads implements OnModuleInit {
  private tus?: TusServer.Server;
  readonly directory: string;

  constructor(
    videoUploads: VideoUploads,
    private readonly tracks: AudioTracksService,
    private readonly locks: UploadLocks,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.directory = path.join(videoUploads.directory, 'audio');
  }

  onModuleInit(): void {
    let library: ReturnType<typeof tusLibrary>;
    try {
      library = tusLibrary();
    } catch (error) {
      this.logger.error({ err: error }, 'audio uploads are off: the tus library could not be loaded');
      return;
    }
    const { server, fileStore } = library;
    mkdirSync(this.directory, { recursive: true });
    const store = new fileStore.FileStore({
      directory: this.directory,
      expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS,
    });
    this.tus = new server.Server({
      path: AUDIO_UPLOADS_PATH,
      datastore: store,
      locker: this.locks,
      maxSize: AUDIO_UPLOAD_MAX_BYTES,
      relativeLocation: true,
      disableTerminationForFinishedUploads: true,
      namingFunction: (req) => {
        const videoId = CREATION_PATH.exec(urlOf(req).pathname)?.[1];
        if (!videoId) throw tusAnswer(ErrorCode.ROUTE_NOT_FOUND, 'There is nothing at this address.');
        return `${videoId}.${randomBytes(6).toString('hex')}`;
      },
      getFileIdFromRequest: (req) => {
        const match = UPLOAD_PATH.exec(urlOf(req).pathname);
        return match ? `${match[1]}.${match[2]}` : undefined;
      },
      generateUrl: (_req, { path: base, id }) => `${base}/${id.replace('.', '/')}`,
      onIncomingRequest: async (req, storeId) => {
        if (req.method === 'POST') {
          const language = languageOf(urlOf(req), 'language');
          if (!language)
            throw tusAnswer(ErrorCode.VALIDATION_FAILED, 'An audio track needs one of the eight languages.');
          await this.tracks.checkUpload(storeId.split('.')[0], language).catch((error: unknown) => {
            throw asTusAnswer(error);
          });
        } else if (req.method === 'PATCH' && !(await this.tracks.takesBytes(trackIdOf(storeId))))
          throw tusAnswer(ErrorCode.CONFLICT, 'This audio track takes no more bytes.');
      },
      onUploadCreate: async (req, upload) => {
        const url = urlOf(req);
        const [videoId, id] = upload.id.split('.');
        await this.tracks
          .openUpload(videoId, id, languageOf(url, 'language')!, languageOf(url, 'originalLanguage'))
          .catch((error: unknown) => {
            throw asTusAnswer(error);
          });
        return { metadata: { videoId, filename: upload.metadata?.filename ?? null } };
      },
      onUploadFinish: async (_req, upload) => {
        try {
          await this.tracks.uploaded(trackIdOf(upload.id), path.join(this.directory, upload.id));
        } catch (error) {
          throw asTusAnswer(error);
        } finally {
          await store.remove(upload.id).catch(() => undefined);
        }
        return {};
      },
      onResponseError: (_req, error) => {
        if (!('status_code' in error)) this.logger.error({ err: error }, 'audio upload request failed');
        return undefined;
      },
    });
    this.tus.on(server.EVENTS.POST_TERMINATE, (_req: unknown, _res: unknown, storeId: string) => {
      void this.tracks
        .cancelled(trackIdOf(storeId))
        .catch((error: unknown) => this.logger.warn({ err: error, storeId }, 'cancelled audio track kept'));
    });
  }

  /** Answers a request under /uploads/audio/ (the media HTTP server passes them all here). */
  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const route = new URL(req.url ?? '/', 'http://media.internal').pathname;
    const allowed = CREATION_PATH.test(route)
      ? req.method === 'POST'
      : UPLOAD_PATH.test(route) && ['HEAD', 'PATCH', 'DELETE'].includes(req.method ?? '');
    if (!allowed) throw new DomainError(ErrorCode.ROUTE_NOT_FOUND, 'There is nothing at this address.');
    if (!this.tus)
      throw new DomainError(ErrorCode.SERVICE_UNAVAILABLE, 'Audio uploads are not available right now.');
    await this.tus.handle(req, res);
  }
}
