import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { LanguageOnlyRequest, Subjects, type BecauseYouWatched, type TopToday } from '@chitram/contracts';
import { RpcClient } from '@chitram/nest-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PublicIdentified, Roles } from '../auth/access';
import { CurrentPrincipal, type Principal } from '../auth/principal';
import { CallerProfiles } from '../users/caller-profiles';
import { withinMaturity } from './maturity-filter';

/**
 * Rows picked for each profile (issue 22). "Because you watched" is the profile's in use (D37), as
 * positions and Continue watching are; "Top 10 in {language} today" is the same for everyone, so a
 * browser may keep it a minute. A kids profile sees neither a film above its level nor a row about one.
 */
@ApiTags('picks')
@Controller()
export class PicksController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly callers: CallerProfiles,
  ) {}

  @Get('user/because-you-watched')
  @Roles('user')
  @ApiOperation({
    summary:
      '{ watched, movies, basis } for the film the profile finished last: films its other viewers also finished (else of its genre and language); null when none finished',
  })
  async becauseYouWatched(@CurrentPrincipal() caller: Principal): Promise<BecauseYouWatched | null> {
    const [row, level] = await Promise.all([
      this.rpc.call(Subjects.catalog.picks.becauseYouWatched, {
        profileId: await this.callers.profileIdOf(caller),
      }),
      this.callers.kidsLevel(caller),
    ]);
    if (!row || !level) return row;
    const [watched] = withinMaturity([row.watched], level) as BecauseYouWatched['watched'][];
    return watched
      ? { ...row, movies: withinMaturity(row.movies, level) as BecauseYouWatched['movies'] }
      : null;
  }

  @Get('home/top-today')
  @PublicIdentified()
  @ApiOperation({
    summary:
      '{ language, movies }: the language’s ten most played films of the last 24 hours, most played first (400 VALIDATION_FAILED naming language)',
  })
  async topToday(
    @Query() query: LanguageOnlyRequest,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<TopToday> {
    const [top, level] = await Promise.all([
      this.rpc.call(Subjects.catalog.picks.topToday, query),
      this.callers.kidsLevel(request.principal),
    ]);
    if (!level) {
      void reply.header('Cache-Control', 'public, max-age=60');
      return top;
    }
    void reply.header('Cache-Control', 'private, max-age=60');
    return { ...top, movies: withinMaturity(top.movies, level) as TopToday['movies'] };
  }
}
