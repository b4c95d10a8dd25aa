import { Controller, Get, Header, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { LanguageOnlyRequest, Subjects, type BecauseYouWatched, type TopToday } from '@chitram/contracts';
import { RpcClient } from '@chitram/nest-kit';
import { Public, Roles } from '../auth/access';
import { CurrentPrincipal, type Principal } from '../auth/principal';

/**
 * Rows picked for each profile (issue 22). "Because you watched" is the caller's own (the account's first
 * profile has the viewer's id, as for positions and Continue watching); "Top 10 in {language} today" is
 * the same for everyone, so anyone may ask and a browser may keep it a minute.
 */
@ApiTags('picks')
@Controller()
export class PicksController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('user/because-you-watched')
  @Roles('user')
  @ApiOperation({
    summary:
      '{ watched, movies, basis } for the film the viewer finished last: films its other viewers also finished (else of its genre and language); null when none finished',
  })
  becauseYouWatched(@CurrentPrincipal() caller: Principal): Promise<BecauseYouWatched | null> {
    return this.rpc.call(Subjects.catalog.picks.becauseYouWatched, { profileId: caller.subjectId });
  }

  @Get('home/top-today')
  @Public()
  @Header('Cache-Control', 'public, max-age=60')
  @ApiOperation({
    summary:
      '{ language, movies }: the language’s ten most played films of the last 24 hours, most played first (400 VALIDATION_FAILED naming language)',
  })
  topToday(@Query() query: LanguageOnlyRequest): Promise<TopToday> {
    return this.rpc.call(Subjects.catalog.picks.topToday, query);
  }
}
