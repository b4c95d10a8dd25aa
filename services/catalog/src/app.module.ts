import { Module } from '@nestjs/common';
import { EventsModule, RedisModule } from '@chitram/nest-kit';
import { AnalyticsModule } from './analytics/analytics.module';
import { BrowseController } from './browse/browse.controller';
import { CatalogueCache } from './cache/catalogue-cache';
import { CatalogueChanges } from './cache/catalogue-changes';
import { PartnersModule } from './partners/partners.module';
import { PicksModule } from './picks/picks.module';
import { CatalogueReports } from './reports/catalogue-reports';
import { CatalogueReportsController } from './reports/catalogue-reports.controller';
import { EpisodeCatalogue } from './shows/episode-catalogue';
import { EpisodesRepository } from './shows/episodes.repository';
import { SeriesRepository } from './shows/series.repository';
import { MoviesRepository } from './titles/movies.repository';
import { SeriesCatalogue } from './shows/series-catalogue';
import { ShowsController } from './shows/shows.controller';
import { MovieCatalogue } from './titles/movie-catalogue';
import { TitleSearch } from './titles/title-search';
import { MoviesController } from './titles/movies.controller';
import { PlaybackController } from './videos/playback.controller';
import { PlaybackSources } from './videos/playback-source';
import { VideoStateHandler } from './videos/video-state.handler';
import { TitleVideosRepository } from './videos/title-videos.repository';
import { WatchHistory } from './watching/watch-history';
import { WatchHistoryController } from './watching/watch-history.controller';
import { WatchHistoryRepository } from './watching/watch-history.repository';
import { ViewerDeletedHandler } from './watching/viewer-deleted.handler';
import { WatchingController } from './watching/watching.controller';
import { WatchingService } from './watching/watching.service';
import { WatchingRepository } from './watching/watching.repository';
import { CatalogueReportsRepository } from './reports/catalogue-reports.repository';

@Module({
  imports: [
    RedisModule.fromServiceConfig('chitram-catalog'),
    EventsModule.forService(),
    AnalyticsModule,
    PartnersModule,
    PicksModule,
  ],
  controllers: [
    BrowseController,
    MoviesController,
    ShowsController,
    PlaybackController,
    WatchingController,
    WatchHistoryController,
    CatalogueReportsController,
  ],
  providers: [
    CatalogueCache,
    CatalogueChanges,
    MovieCatalogue,
    TitleSearch,
    EpisodeCatalogue,
    EpisodesRepository,
    SeriesRepository,
    MoviesRepository,
    SeriesCatalogue,
    PlaybackSources,
    TitleVideosRepository,
    VideoStateHandler,
    WatchingService,
    WatchingRepository,
    ViewerDeletedHandler,
    WatchHistory,
    WatchHistoryRepository,
    CatalogueReports,
    CatalogueReportsRepository,
  ],
})
export class AppModule {}
