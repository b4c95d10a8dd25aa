import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import {
  AUDIO_UPLOADS_PATH,
  DomainError,
  ErrorCode,
  REQUEST_ID_HEADER,
  VIDEO_UPLOADS_PATH,
} from '@chitram/contracts';
import { currentRequestId, LOGGER, MEDIA_TOKEN_HEADER, type Logger } from '@chitram/nest-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Agent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { GatewayConfig } from '../config';

/** Headers of tus (and the body's framing) passed on to media as the admin's client sent them. */
const REQUEST_HEADERS = [
  'tus-resumable',
  'upload-length',
  'upload-defer-length',
  'upload-metadata',
  'upload-offset',
  'content-type',
  'content-length',
] as const;

/** Headers of media's answer passed back; `location` is rewritten to the gateway's path. */
const ANSWER_HEADERS = [
  'tus-resumable',
  'tus-version',
  'tus-extension',
  'tus-max-size',
  'upload-offset',
  'upload-length',
  'upload-defer-length',
  'upload-metadata',
  'upload-expires',
  'cache-control',
  'content-type',
  'content-length',
] as const;

/** A stalled upload (no byte either way for this long) is given up; the client resumes it later. */
const IDLE_MS = 120_000;

const MEDIA_LOCATION = new RegExp(`^${VIDEO_UPLOADS_PATH}/([0-9a-f-]{36})/([0-9a-f]{32})$`);
/** A dub's audio file (D44): its upload's id is its track's. */
const MEDIA_AUDIO_LOCATION = new RegExp(`^${AUDIO_UPLOADS_PATH}/([0-9a-f-]{36})/([0-9a-f]{12})$`);

/** Where the gateway serves an upload, from media's own `Location` for it. */
export function gatewayLocation(location: string): string | undefined {
  const match = MEDIA_LOCATION.exec(location);
  if (match) return `/api/admin/videos/${match[1]}/upload/${match[2]}`;
  const audio = MEDIA_AUDIO_LOCATION.exec(location);
  return audio ? `/api/admin/videos/${audio[1]}/audio/upload/${audio[2]}` : undefined;
}

function mediaUnavailable(): DomainError {
  return new DomainError(
    ErrorCode.SERVICE_UNAVAILABLE,
    'The media service could not be reached. Please try again shortly.',
  );
}

/**
 * Passes the admin's tus requests (creation, offset, bytes, cancel) to the media service and its
 * answers back. An upload's bytes stream through as they arrive (never held whole here), and a
 * connection the admin drops mid-upload drops media's too, so media keeps what arrived and the client
 * resumes from there.
 */
@Injectable()
export class VideoUploadProxy implements OnApplicationShutdown {
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 64 });
  private readonly base: URL;
  private readonly token: string;

  constructor(
    config: GatewayConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.base = new URL(config.MEDIA_URL);
    this.token = config.mediaToken;
  }

  onApplicationShutdown(): void {
    this.agent.destroy();
  }

  private send(
    request: FastifyRequest,
    mediaPath: string,
    headers: Record<string, string>,
    body: Readable | undefined,
  ): Promise<IncomingMessage> {
    return new Promise<IncomingMessage>((resolve, reject) => {
      const upstream = httpRequest(new URL(mediaPath, this.base), {
        method: request.method === 'HEAD' ? 'HEAD' : request.method,
        agent: this.agent,
        headers,
      });
      upstream.setTimeout(IDLE_MS, () => upstream.destroy(new Error('the upload stalled')));
      upstream.once('response', resolve);
      upstream.once('error', (error) =>
        reject(Object.assign(error, { reusedSocket: upstream.reusedSocket })),
      );
      request.raw.once('close', () => {
        if (!request.raw.complete) upstream.destroy(new Error('the admin went away'));
      });
      if (!body) return upstream.end();
      body.once('error', (error) => upstream.destroy(error));
      body.pipe(upstream);
    });
  }

  /**
   * tus's HEAD (where to resume), which Fastify answers from a GET route: a GET itself has nothing to
   * show there.
   */
  forwardHead(request: FastifyRequest, reply: FastifyReply, mediaPath: string): Promise<void> {
    if (request.method !== 'HEAD')
      throw new DomainError(ErrorCode.ROUTE_NOT_FOUND, 'There is nothing at this address.');
    return this.forward(request, reply, mediaPath);
  }

  async forward(request: FastifyRequest, reply: FastifyReply, mediaPath: string): Promise<void> {
    const body = request.body instanceof Readable ? request.body : undefined;
    const headers: Record<string, string> = { [REQUEST_ID_HEADER]: currentRequestId() ?? request.id };
    for (const name of REQUEST_HEADERS) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    if (!body) headers['content-length'] = '0';
    headers[MEDIA_TOKEN_HEADER] = this.token;

    let answer: IncomingMessage;
    try {
      answer = await this.send(request, mediaPath, headers, body).catch((error: NodeJS.ErrnoException) => {
        // Media may close a kept-alive connection just as it is reused (after an answer it gave before
        // taking a whole body, for one); a request without a body never reached it, so it goes again.
        if (body || !(error as { reusedSocket?: boolean }).reusedSocket || error.code !== 'ECONNRESET') {
          throw error;
        }
        return this.send(request, mediaPath, headers, undefined);
      });
    } catch (error) {
      if (!request.raw.complete) {
        this.logger.info({ url: request.url }, 'video upload cut off by the client');
        throw new DomainError(ErrorCode.BAD_REQUEST, 'The upload was cut off; resume it.');
      }
      this.logger.warn({ err: error, url: request.url }, 'video upload to media failed');
      throw mediaUnavailable();
    }
    // Media answered before taking the whole body (not a video, no such upload): the rest is dropped.
    if (body && !request.raw.complete) {
      body.unpipe();
      body.resume();
    }

    void reply.status(answer.statusCode ?? 502);
    for (const name of ANSWER_HEADERS) {
      const value = answer.headers[name];
      if (typeof value === 'string') void reply.header(name, value);
    }
    const location = answer.headers.location && gatewayLocation(answer.headers.location);
    if (location) void reply.header('location', location);
    return reply.send(answer);
  }
}
