import { Body, Controller, Get, Headers, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  deviceClassOf,
  DomainError,
  ErrorCode,
  PlaybackReportBody,
  STREAM_PASS_HEADER,
  STREAM_TOKEN,
  STREAM_VIEWER_HEADER,
  Subjects,
  type ContinueWatching,
  type ScreenHeld,
  type StreamAnswer,
  type StreamGrant,
  type WatchPosition,
} from '@chitram/contracts';
import { IsIn, IsUUID } from 'class-validator';
import { RpcClient } from '@chitram/nest-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PublicIdentified, Roles } from '../auth/access';
import { CurrentPrincipal, type Principal } from '../auth/principal';
import { MediaClient } from '../media/media.client';
import { PASSED_ON } from '../media/media.controller';
import { CallerProfiles } from '../users/caller-profiles';
import { StreamGrants } from './stream-grants';
import { StreamPasses } from './stream-pass';

export class WatchTitleParams {
  @IsIn(['movie', 'episode'])
  kind: 'movie' | 'episode';

  @IsUUID()
  titleId: string;
}

const STREAM_FILE =
  /^[0-9]{3,4}\/(index\.m3u8|segment_\d{4,6}\.ts)$|^master\.m3u8$|^trickplay\/(index\.vtt|sheet_\d{3}\.jpg)$|^key\/\d{4,6}$|^subtitles\/[0-9a-f]{12}\/(index\.m3u8|seg_\d{4}\.vtt)$|^audio\/[0-9a-f]{12}\/(index\.m3u8|segment_\d{4,6}\.ts)$/;

/** Playback (SPEC §4.5, §7 stream; DECISIONS D20–D24): grants, the screens' heartbeats, and the signed stream. */
@ApiTags('playback')
@Controller()
export class PlaybackController {
  constructor(
    private readonly grants: StreamGrants,
    private readonly rpc: RpcClient,
    private readonly media: MediaClient,
    private readonly passes: StreamPasses,
    private readonly callers: CallerProfiles,
  ) {}

  @Get('movie/:id/stream')
  @PublicIdentified()
  @ApiOperation({
    summary: 'Where to play a movie from: a signed stream URL and the highest quality allowed',
  })
  async movieStream(
    @Param('id') id: string,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Headers('x-device-class') device: string | undefined,
  ): Promise<StreamAnswer> {
    const grant = await this.grants.stream({
      kind: 'movie',
      idOrSlug: id.slice(0, 200),
      caller: request.principal,
      userAgent: request.headers['user-agent'] ?? '',
      declaredDevice: device,
    });
    return this.withPass(request, reply, grant);
  }

  @Get('series/episodes/:id/stream')
  @PublicIdentified()
  @ApiOperation({ summary: 'Where to play an episode from, with the same checks as a movie' })
  async episodeStream(
    @Param('id') id: string,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Headers('x-device-class') device: string | undefined,
  ): Promise<StreamAnswer> {
    const grant = await this.grants.stream({
      kind: 'episode',
      idOrSlug: id.slice(0, 200),
      caller: request.principal,
      userAgent: request.headers['user-agent'] ?? '',
      declaredDevice: device,
    });
    return this.withPass(request, reply, grant);
  }

  @Post('playback/heartbeat')
  @Roles('user')
  @HttpCode(200)
  @ApiOperation({
    summary: 'The player is still playing on this screen: keep its slot, and note where it is',
  })
  async heartbeat(
    @CurrentPrincipal() caller: Principal,
    @Body() report: PlaybackReportBody,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ScreenHeld> {
    const [beat] = await Promise.all([
      this.rpc.call(Subjects.media.streams.heartbeat, {
        viewerId: caller.subjectId,
        screenId: caller.sessionId,
      }),
      this.saveWatch(caller, report, request),
    ]);
    // The stream pass goes on for as long as the player plays.
    this.passes.give(request, reply, beat.pass);
    return { held: beat.held };
  }

  @Post('playback/stop')
  @Roles('user')
  @HttpCode(200)
  @ApiOperation({
    summary: 'The player stopped on this screen: free its slot at once, and note where it stopped',
  })
  async stop(
    @CurrentPrincipal() caller: Principal,
    @Body() report: PlaybackReportBody,
    @Req() request: FastifyRequest,
  ): Promise<ScreenHeld> {
    const [held] = await Promise.all([
      this.rpc.call(Subjects.media.streams.release, {
        viewerId: caller.subjectId,
        screenId: caller.sessionId,
      }),
      this.saveWatch(caller, report, request),
    ]);
    return held;
  }

  @Get('playback/continue')
  @Roles('user')
  @ApiOperation({ summary: 'The viewer’s unfinished films, latest first (the Continue watching rail)' })
  async continueWatching(@CurrentPrincipal() caller: Principal): Promise<ContinueWatching[]> {
    return this.rpc.call(Subjects.catalog.watch.continueWatching, {
      viewerId: await this.callers.profileIdOf(caller),
    });
  }

  @Get('playback/position/:kind/:titleId')
  @Roles('user')
  @ApiOperation({ summary: 'Where the viewer left a title, to resume it; null when unwatched or finished' })
  async position(
    @CurrentPrincipal() caller: Principal,
    @Param() params: WatchTitleParams,
  ): Promise<{ position: WatchPosition | null }> {
    const position = await this.rpc.call(Subjects.catalog.watch.position, {
      viewerId: await this.callers.profileIdOf(caller),
      ...params,
    });
    return { position };
  }

  /** The viewer's answer; a signed-in viewer's stream pass goes into its cookie (Safari's own HLS). */
  private withPass(
    request: FastifyRequest,
    reply: FastifyReply,
    { pass, ...answer }: StreamGrant,
  ): StreamAnswer {
    if (pass) this.passes.give(request, reply, pass);
    return answer;
  }

  private async saveWatch(caller: Principal, report: PlaybackReportBody, request: FastifyRequest) {
    const profileId = await this.callers.profileIdOf(caller);
    return this.rpc.call(Subjects.catalog.watch.save, {
      ...report,
      viewerId: caller.subjectId,
      ...(profileId === caller.subjectId ? {} : { profileId }),
      deviceClass: deviceClassOf(
        request.headers['user-agent'] ?? '',
        request.headers['x-device-class'] as string | undefined,
      ),
    });
  }

  // HEAD is answered by Fastify from this route, without the body.
  @Get('stream/:token/*')
  @PublicIdentified()
  @ApiOperation({
    summary:
      'A signed playlist, segment or segment key (D35), checked by the media origin (range requests served)',
  })
  async stream(
    @Param('token') token: string,
    @Param('*') path: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    if (!STREAM_TOKEN.test(token) || !STREAM_FILE.test(path))
      throw new DomainError(ErrorCode.STREAM_FORBIDDEN, 'This stream address is not valid.');
    const viewer = request.principal?.role === 'user' ? request.principal.subjectId : undefined;
    const answer = await this.media.openStream(`${token}/${path}`, {
      range: request.headers.range,
      'if-none-match': request.headers['if-none-match'],
      // Who is asking, as verified here (headers of these names from the client never reach media): the
      // bearer token's viewer, or else the stream pass of a player that cannot send one.
      [STREAM_VIEWER_HEADER]: viewer,
      [STREAM_PASS_HEADER]: viewer ? undefined : await this.passes.live(request),
    });
    void reply.status(answer.statusCode ?? 502);
    for (const name of PASSED_ON) {
      const value = answer.headers[name];
      if (value !== undefined) void reply.header(name, value);
    }
    // hls.js in the shell's page and the remotes fetches these cross-origin in development.
    void reply.header('cross-origin-resource-policy', 'cross-origin');
    return reply.send(answer);
  }
}
