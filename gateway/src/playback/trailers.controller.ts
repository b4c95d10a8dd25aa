import { Controller, Get, Param, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  DomainError,
  ErrorCode,
  maturityAllows,
  Subjects,
  TRAILER_MAX_RESOLUTION,
  type TrailerAnswer,
  type TrailerTitleKind,
} from '@chitram/contracts';
import { RpcClient } from '@chitram/nest-kit';
import { IsUUID } from 'class-validator';
import type { FastifyRequest } from 'fastify';
import { PublicIdentified } from '../auth/access';
import { CallerProfiles } from '../users/caller-profiles';
import { PlaybackSources } from './playback-sources';

export class SeriesTrailerParams {
  @IsUUID()
  id: string;
}

/**
 * A title's trailer for the title page's hero (D45): free to everyone, signed in or not, whatever the
 * plan, at up to 720p (the free titles' grant of D22: no viewer, no screen, so no slot is taken and
 * the player sends no heartbeat, so nothing is recorded in the history). `{ trailer: null }` when the
 * title has no ready trailer; 404 NOT_FOUND when there is no such title.
 */
@ApiTags('playback')
@Controller()
export class TrailersController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly sources: PlaybackSources,
    private readonly callers: CallerProfiles,
  ) {}

  @Get('movie/:id/trailer')
  @PublicIdentified()
  @ApiOperation({ summary: "A film's trailer: a signed master playlist up to 720p, or null (D45)" })
  async movieTrailer(@Param('id') id: string, @Req() request: FastifyRequest): Promise<TrailerAnswer> {
    const source = await this.sources.of({ kind: 'movie', idOrSlug: id.slice(0, 200) });
    // A kids profile is not shown the trailer of a title above its level (D37), as it may not play it.
    const profile = await this.callers.of(request.principal);
    if (profile && !maturityAllows(profile.maturity, source.rating ?? 'A')) return { trailer: null };
    return this.trailer('movie', source.titleId);
  }

  @Get('series/:id/trailer')
  @PublicIdentified()
  @ApiOperation({ summary: "A series' trailer: a signed master playlist up to 720p, or null (D45)" })
  seriesTrailer(@Param() { id }: SeriesTrailerParams): Promise<TrailerAnswer> {
    return this.trailer('series', id.toLowerCase());
  }

  private async trailer(titleKind: TrailerTitleKind, titleId: string): Promise<TrailerAnswer> {
    const { playingVideoId } = await this.rpc.call(Subjects.media.trailers.current, { titleKind, titleId });
    if (!playingVideoId) return { trailer: null };
    try {
      const grant = await this.rpc.call(Subjects.media.streams.grant, {
        videoId: playingVideoId,
        maxResolution: TRAILER_MAX_RESOLUTION,
        maxStreams: 0,
        isSubscribed: false,
      });
      return {
        trailer: {
          movieUrl: grant.movieUrl,
          kind: 'hls',
          renditions: grant.renditions,
          maxResolution: TRAILER_MAX_RESOLUTION,
        },
      };
    } catch (error) {
      // Removed or replaced between the two questions: there is none to play now.
      if (error instanceof DomainError && error.code === ErrorCode.VIDEO_NOT_READY) return { trailer: null };
      throw error;
    }
  }
}
