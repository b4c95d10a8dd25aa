import { defineService, OutboxEvent, ProcessedEvent } from '@chitram/nest-kit';
import { AppModule } from './app.module';
import { MediaConfig } from './config';
import { WorkerModule } from './worker.module';
import { Init1763712000000 } from './migrations/1763712000000-Init';
import { Inbox1795258800000 } from './migrations/1795258800000-Inbox';
import { Videos1795374000000 } from './migrations/1795374000000-Videos';
import { Streams1795376000000 } from './migrations/1795376000000-Streams';
import { VideoCancelled1795390000000 } from './migrations/1795390000000-VideoCancelled';
import { UploadLocks1795390100000 } from './migrations/1795390100000-UploadLocks';
import { ScreensInRedis1795390200000 } from './migrations/1795390200000-ScreensInRedis';
import { TrickplayAndMarkers1795817953299 } from './migrations/1795817953299-TrickplayAndMarkers';
import { OutboxTraceContext1795818230247 } from './migrations/1795818230247-OutboxTraceContext';
import { Trailers1795843376895 } from './migrations/1795843376895-Trailers';
import { VideoSubtitles1795843424597 } from './migrations/1795843424597-VideoSubtitles';
import { SegmentKeys1795843435950 } from './migrations/1795843435950-SegmentKeys';
import { SuggestedIntros1795846597874 } from './migrations/1795846597874-SuggestedIntros';
import { AudioTracks1795850000000 } from './migrations/1795850000000-AudioTracks';
import { OwnAudioFingerprints1795860000000 } from './migrations/1795860000000-OwnAudioFingerprints';

export const mediaService = defineService({
  name: 'media',
  config: MediaConfig,
  module: AppModule,
  database: {
    entities: [OutboxEvent, ProcessedEvent],
    migrations: [
      Init1763712000000,
      Inbox1795258800000,
      Videos1795374000000,
      Streams1795376000000,
      VideoCancelled1795390000000,
      UploadLocks1795390100000,
      ScreensInRedis1795390200000,
      TrickplayAndMarkers1795817953299,
      OutboxTraceContext1795818230247,
      Trailers1795843376895,
      VideoSubtitles1795843424597,
      SegmentKeys1795843435950,
      SuggestedIntros1795846597874,
      AudioTracks1795850000000,
      OwnAudioFingerprints1795860000000,
    ],
  },
});

/**
 * Media's transcoding workers (worker.ts): media's configuration, database and tables (made by media's
 * migrations; a worker runs none), and only the worker's module. Of media's requests it answers the
 * health one alone, which every service process answers.
 */
export const mediaWorker = defineService({ ...mediaService, module: WorkerModule });
