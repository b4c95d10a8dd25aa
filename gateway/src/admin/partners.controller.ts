import { Body, Controller, Delete, Get, Header, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  AssignTitleBody,
  CreatePartnerBody,
  PartnerListQuery,
  PartnerParams,
  PartnerTitleParams,
  PartnerTitleSearchQuery,
  SeriesPartnerParams,
  PeriodQuery,
  UpdatePartnerBody,
  type AdminActor,
  type PartnerActionDone,
  type PartnerDetails,
  type PartnerName,
  type PartnerPage,
  type PartnerSaved,
  type PartnerTitleOption,
  type TitleAssigned,
  type TitlePartner,
} from '@chitram/contracts';
import { AdminRoute } from '../auth/access';
import { Actor } from './audit-actor';
import { PartnerDirectory } from './partner-directory';

/** Content partners: the spec's Vendor page (SPEC §2.13, DECISIONS D12). */
@ApiTags('admin')
@Controller('admin/partners')
@AdminRoute('partners')
export class PartnersController {
  constructor(private readonly partners: PartnerDirectory) {}

  @Get()
  @Header('cache-control', 'no-store')
  @ApiOperation({
    summary:
      '{ partners, currentPage, totalPartners, totalPages, totals }: 10 a page by name, each with plays, watch time and revenue share over range=|from=&to=',
  })
  list(@Query() query: PartnerListQuery): Promise<PartnerPage> {
    return this.partners.page(query);
  }

  @Get('names')
  @Header('cache-control', 'no-store')
  @ApiOperation({ summary: 'Every partner’s id and name, for the movie and show forms’ partner picker' })
  names(): Promise<PartnerName[]> {
    return this.partners.names();
  }

  @Get('titles')
  @Header('cache-control', 'no-store')
  @ApiOperation({ summary: 'Movies and shows whose title holds search=, each with its partner now' })
  searchTitles(@Query() query: PartnerTitleSearchQuery): Promise<PartnerTitleOption[]> {
    return this.partners.searchTitles(query.search);
  }

  @Get('titles/:kind/:titleId')
  @Header('cache-control', 'no-store')
  @ApiOperation({ summary: 'A movie’s or show’s partner, or null' })
  titlePartner(@Param() params: PartnerTitleParams): Promise<TitlePartner> {
    return this.partners.titlePartner(params.kind, params.titleId);
  }

  @Put('titles/:kind/:titleId')
  @ApiOperation({
    summary: 'Gives a movie or show to a partner ({ partnerId }), or to none ({ partnerId: null })',
  })
  assign(
    @Actor() admin: AdminActor,
    @Param() params: PartnerTitleParams,
    @Body() body: AssignTitleBody,
  ): Promise<TitleAssigned> {
    return this.partners.assign(admin, params.kind, params.titleId, body.partnerId);
  }

  @Get('series/:seriesId')
  @Header('cache-control', 'no-store')
  @ApiOperation({ summary: 'The partner of every episode of a series, or null' })
  seriesPartner(@Param() params: SeriesPartnerParams): Promise<TitlePartner> {
    return this.partners.seriesPartner(params.seriesId);
  }

  @Put('series/:seriesId')
  @ApiOperation({
    summary: 'Gives every episode of a series to a partner ({ partnerId }), or to none (null)',
  })
  assignSeries(
    @Actor() admin: AdminActor,
    @Param() params: SeriesPartnerParams,
    @Body() body: AssignTitleBody,
  ): Promise<TitleAssigned> {
    return this.partners.assignSeries(admin, params.seriesId, body.partnerId);
  }

  @Post()
  @ApiOperation({ summary: 'Creates a partner: name, contactPerson, email, phone, revenueSharePercent' })
  create(@Actor() admin: AdminActor, @Body() body: CreatePartnerBody): Promise<PartnerSaved> {
    return this.partners.create(admin, body);
  }

  @Get(':id')
  @Header('cache-control', 'no-store')
  @ApiOperation({ summary: 'A partner, their titles and their standing over range=|from=&to=' })
  details(@Param() params: PartnerParams, @Query() query: PeriodQuery): Promise<PartnerDetails> {
    return this.partners.details(params.id, query);
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Changes any of a partner’s fields' })
  update(
    @Actor() admin: AdminActor,
    @Param() params: PartnerParams,
    @Body() body: UpdatePartnerBody,
  ): Promise<PartnerSaved> {
    return this.partners.update(admin, params.id, body);
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Deletes a partner; their titles stay, without a partner' })
  delete(@Actor() admin: AdminActor, @Param() params: PartnerParams): Promise<PartnerActionDone> {
    return this.partners.delete(admin, params.id);
  }
}
