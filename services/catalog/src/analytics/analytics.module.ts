import { Module } from '@nestjs/common';
import { JobsModule } from '@chitram/nest-kit';
import { PicksModule } from '../picks/picks.module';
import { WatchingRepository } from '../watching/watching.repository';
import { ViewingAnalyticsController } from './viewing-analytics.controller';
import { ViewingAnalyticsService } from './viewing-analytics.service';
import { ViewingEventsHandler } from './viewing-events.handler';
import { ViewingFactsRepository } from './viewing-facts.repository';
import { ViewingReportRepository } from './viewing-report.repository';

/** Plays and watch time per day, kept from playback's and billing's events (DECISIONS D12). */
@Module({
  imports: [JobsModule.forService(), PicksModule],
  controllers: [ViewingAnalyticsController],
  providers: [
    ViewingFactsRepository,
    ViewingReportRepository,
    ViewingAnalyticsService,
    ViewingEventsHandler,
    WatchingRepository,
  ],
  exports: [ViewingReportRepository],
})
export class AnalyticsModule {}
