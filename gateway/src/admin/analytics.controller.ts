import { Controller, Get, Header, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AnalyticsQuery, type AdminAnalyticsAnswer } from '@chitram/contracts';
import { Roles } from '../auth/access';
import { AdminAnalyticsService } from './admin-analytics';

/** Analytics (SPEC §2.13, DECISIONS D12). */
@ApiTags('admin')
@Controller('admin')
@Roles('admin')
export class AnalyticsController {
  constructor(private readonly analytics: AdminAnalyticsService) {}

  @Get('analytics')
  @Header('cache-control', 'no-store')
  @ApiOperation({
    summary:
      '{ data, success, message }: plays, watch time, new viewers, revenue and subscriptions by plan per Indian day, for range=7|30|90 days or from=&to= (YYYY-MM-DD); top titles narrowed by language= and plan=; a service that is down leaves its part { available: false }',
  })
  analyticsOf(@Query() query: AnalyticsQuery): Promise<AdminAnalyticsAnswer> {
    return this.analytics.gather(query);
  }
}
