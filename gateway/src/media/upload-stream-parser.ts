import { Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { DomainError, ErrorCode } from '@chitram/contracts';
import type { FastifyInstance } from 'fastify';

/** The body type of tus's PATCH: an upload's next bytes. */
export const UPLOAD_BYTES_TYPE = 'application/offset+octet-stream';

/** Routes that take such a body, streamed: the video uploads (admin-videos.controller.ts). */
export const UPLOAD_BYTES_ROUTES = '/api/admin/videos/';

/** The body types of a subtitle file (D44), streamed on to media like a video's bytes; media reads it by content. */
export const SUBTITLE_TYPES = ['text/vtt', 'application/x-subrip'] as const;
const SUBTITLE_ROUTE = /^\/api\/admin\/videos\/[^/]+\/subtitles$/;

/**
 * Lets an upload's bytes through as the request's own stream, untouched and unbuffered, so a chunk of
 * any size goes on to the media service as it arrives: BODY_LIMIT_BYTES bounds bodies Fastify reads
 * into memory, which this one never is. Any other route refuses the type.
 */
@Injectable()
export class UploadStreamParser implements OnModuleInit {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    if (fastify.hasContentTypeParser(UPLOAD_BYTES_TYPE)) return;
    const refused = () =>
      new DomainError(ErrorCode.UNSUPPORTED_MEDIA_TYPE, 'This content type is not accepted here.');
    fastify.addContentTypeParser(UPLOAD_BYTES_TYPE, (request, payload, done) => {
      if (request.routeOptions.url?.startsWith(UPLOAD_BYTES_ROUTES)) return done(null, payload);
      done(refused(), undefined);
    });
    fastify.addContentTypeParser([...SUBTITLE_TYPES], (request, payload, done) => {
      if (SUBTITLE_ROUTE.test(request.routeOptions.url ?? '')) return done(null, payload);
      done(refused(), undefined);
    });
  }
}
