import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  DomainError,
  ErrorCode,
  isMediaKey,
  MEDIA_IMAGE_WIDTH_PARAM,
  MEDIA_IMAGE_WIDTHS,
  parseImageWidth,
} from '@chitram/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../auth/access';
import { MediaClient } from './media.client';

/** Headers of media's answer that the browser gets as they are. */
export const PASSED_ON = [
  'content-type',
  'content-length',
  'content-range',
  'cache-control',
  'etag',
  'last-modified',
  'accept-ranges',
] as const;

/**
 * Stored images (and banner videos) for browsers: `/api/media/images/<key>`, streamed from the media
 * service with the long cache headers it sets (keys never change, so neither does what they hold).
 * `?w=<width>` asks for a picture at one of MEDIA_IMAGE_WIDTHS, as WebP (issue 19).
 */
@ApiTags('media')
@Public()
@Controller('media/images')
export class MediaController {
  constructor(private readonly media: MediaClient) {}

  // HEAD is answered by Fastify from this route, without the body.
  @Get(':folder/:name')
  @ApiOperation({
    summary: `A stored image or banner video, cached for a year (immutable); ?${MEDIA_IMAGE_WIDTH_PARAM}= one of ${MEDIA_IMAGE_WIDTHS.join(', ')} for a picture at that width, as WebP`,
  })
  async serve(
    @Param('folder') folder: string,
    @Param('name') name: string,
    @Query(MEDIA_IMAGE_WIDTH_PARAM) widthText: unknown,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const objectKey = `${folder}/${name}`;
    if (!isMediaKey(objectKey)) throw new DomainError(ErrorCode.NOT_FOUND, 'No such image.');
    const width = widthText === undefined ? undefined : parseImageWidth(String(widthText));
    const answer = await this.media.open(objectKey, width, {
      range: request.headers.range,
      'if-none-match': request.headers['if-none-match'],
    });
    void reply.status(answer.statusCode ?? 502);
    for (const name of PASSED_ON) {
      const value = answer.headers[name];
      if (value !== undefined) void reply.header(name, value);
    }
    // Images are loaded by pages on other origins too (the shell, the remotes).
    void reply.header('cross-origin-resource-policy', 'cross-origin');
    return reply.send(answer);
  }
}
