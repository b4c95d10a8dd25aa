import { Controller, Get, Header, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  AnalyticsQuery,
  type AdminActor,
  type AdminAnalyticsAnswer,
  type AdminAnalyticsRebuildAnswer,
} from '@chitram/contracts';
import { AdminRoute } from '../auth/access';
import { AdminAnalyticsService } from './admin-analytics';
import { Actor } from './audit-actor';

/** Analytics (SPEC §2.13, DECISIONS D12). */
@ApiTags('admin')
@Controller('admin')
@AdminRoute('finance')
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

  @Post('analytics/rebuild')
  @HttpCode(202)
  @ApiOperation({
    summary:
      '{ data: { users, billing, catalog }, success, message }: each service starts rebuilding its per-day aggregates from the stored facts as a job (one already queued or running is answered instead); follow it with GET',
  })
  rebuild(@Actor() admin: AdminActor): Promise<AdminAnalyticsRebuildAnswer> {
    return this.analytics.rebuild(admin);
  }

  @Get('analytics/rebuild')
  @Header('cache-control', 'no-store')
  @ApiOperation({
    summary:
      "{ data: { users, billing, catalog }, success, message }: each service's latest rebuild job: state (queued, running, done, failed), step, steps done of total, result or error",
  })
  rebuildStatus(): Promise<AdminAnalyticsRebuildAnswer> {
    return this.analytics.rebuildStatus();
  }
}
