import { Controller, Delete, Get, HttpCode, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { HistoryQuery, Subjects, type HistoryPage, type HistoryRemoved } from '@chitram/contracts';
import { RpcClient } from '@chitram/nest-kit';
import { Roles } from '../auth/access';
import { CurrentPrincipal, type Principal } from '../auth/principal';
import { CallerProfiles } from './caller-profiles';
import { MyListTitleParams } from './my-list.controller';

/**
 * Watch history (issue 22), kept per profile by the catalogue's watch data: the profile in use (D37),
 * checked to be the caller's account's, as for positions and Continue watching; another profile's or
 * account's history is never named, and their titles are NOT_FOUND here.
 */
@ApiTags('history')
@Controller()
export class WatchHistoryController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly callers: CallerProfiles,
  ) {}

  @Get('user/history')
  @Roles('user')
  @ApiOperation({
    summary:
      'The viewer’s watch history, newest first, 20 a page (?page=): each title with where they stopped, when, and its film or episode',
  })
  async page(@CurrentPrincipal() caller: Principal, @Query() query: HistoryQuery): Promise<HistoryPage> {
    return this.rpc.call(Subjects.catalog.history.page, {
      profileId: await this.callers.profileIdOf(caller),
      page: query.page,
    });
  }

  @Delete('user/history/:titleId')
  @Roles('user')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Takes one title out of the viewer’s watch history (and Continue watching): { removed } (404 NOT_FOUND when it is not there)',
  })
  async remove(
    @CurrentPrincipal() caller: Principal,
    @Param() params: MyListTitleParams,
  ): Promise<HistoryRemoved> {
    return this.rpc.call(Subjects.catalog.history.remove, {
      profileId: await this.callers.profileIdOf(caller),
      titleId: params.titleId,
    });
  }

  @Delete('user/history')
  @Roles('user')
  @HttpCode(200)
  @ApiOperation({ summary: 'Clears the viewer’s watch history: { removed } (how many titles)' })
  async clear(@CurrentPrincipal() caller: Principal): Promise<HistoryRemoved> {
    return this.rpc.call(Subjects.catalog.history.clear, {
      profileId: await this.callers.profileIdOf(caller),
    });
  }
}
