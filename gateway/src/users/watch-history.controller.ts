import { Controller, Delete, Get, HttpCode, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { HistoryQuery, Subjects, type HistoryPage, type HistoryRemoved } from '@chitram/contracts';
import { RpcClient } from '@chitram/nest-kit';
import { Roles } from '../auth/access';
import { CurrentPrincipal, type Principal } from '../auth/principal';
import { MyListTitleParams } from './my-list.controller';

/**
 * Watch history (issue 22), kept per profile by the catalogue's watch data. The account's first profile
 * has the viewer's id, so the profile asked for is the caller's own id, as for positions and Continue
 * watching: another viewer's history is never named, and their titles are NOT_FOUND here.
 */
@ApiTags('history')
@Controller()
export class WatchHistoryController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('user/history')
  @Roles('user')
  @ApiOperation({
    summary:
      'The viewer’s watch history, newest first, 20 a page (?page=): each title with where they stopped, when, and its film or episode',
  })
  page(@CurrentPrincipal() caller: Principal, @Query() query: HistoryQuery): Promise<HistoryPage> {
    return this.rpc.call(Subjects.catalog.history.page, { profileId: caller.subjectId, page: query.page });
  }

  @Delete('user/history/:titleId')
  @Roles('user')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Takes one title out of the viewer’s watch history (and Continue watching): { removed } (404 NOT_FOUND when it is not there)',
  })
  remove(@CurrentPrincipal() caller: Principal, @Param() params: MyListTitleParams): Promise<HistoryRemoved> {
    return this.rpc.call(Subjects.catalog.history.remove, {
      profileId: caller.subjectId,
      titleId: params.titleId,
    });
  }

  @Delete('user/history')
  @Roles('user')
  @HttpCode(200)
  @ApiOperation({ summary: 'Clears the viewer’s watch history: { removed } (how many titles)' })
  clear(@CurrentPrincipal() caller: Principal): Promise<HistoryRemoved> {
    return this.rpc.call(Subjects.catalog.history.clear, { profileId: caller.subjectId });
  }
}
