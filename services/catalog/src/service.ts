import { defineService, OutboxEvent, ProcessedEvent } from '@chitram/nest-kit';
import { AppModule } from './app.module';
import { CatalogConfig } from './config';
import { Init1763712000000 } from './migrations/1763712000000-Init';
import { Catalogue1795255200000 } from './migrations/1795255200000-Catalogue';
import { TitleVideos1795375000000 } from './migrations/1795375000000-TitleVideos';
import { Watching1795377000000 } from './migrations/1795377000000-Watching';
import { ViewingAnalytics1795400000000 } from './migrations/1795400000000-ViewingAnalytics';
import { Partners1795400100000 } from './migrations/1795400100000-Partners';
import { ViewingWeeks1795400200000 } from './migrations/1795400200000-ViewingWeeks';
import { AnalyticsRebuildJobs1795400500000 } from './migrations/1795400500000-AnalyticsRebuildJobs';
import { SearchInMemory1795400700000 } from './migrations/1795400700000-SearchInMemory';
import { VideoDurations1795400900000 } from './migrations/1795400900000-VideoDurations';
import { SearchShows1795401900000 } from './migrations/1795401900000-SearchShows';
import { PickedRows1795402000000 } from './migrations/1795402000000-PickedRows';
import { OutboxTraceContext1795818230247 } from './migrations/1795818230247-OutboxTraceContext';
import { EpisodeEntity } from './shows/episode.entity';
import { SeriesEntity } from './shows/series.entity';
import { MovieEntity } from './titles/movie.entity';

export const catalogService = defineService({
  name: 'catalog',
  config: CatalogConfig,
  module: AppModule,
  database: {
    entities: [OutboxEvent, ProcessedEvent, MovieEntity, SeriesEntity, EpisodeEntity],
    migrations: [
      Init1763712000000,
      Catalogue1795255200000,
      TitleVideos1795375000000,
      Watching1795377000000,
      ViewingAnalytics1795400000000,
      Partners1795400100000,
      ViewingWeeks1795400200000,
      AnalyticsRebuildJobs1795400500000,
      SearchInMemory1795400700000,
      VideoDurations1795400900000,
      SearchShows1795401900000,
      PickedRows1795402000000,
      OutboxTraceContext1795818230247,
    ],
  },
});
