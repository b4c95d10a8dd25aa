import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import {
  EventsModule,
  HealthRegistry,
  JobsModule,
  LOGGER,
  RedisModule,
  type Logger,
} from '@chitram/nest-kit';
import { MediaConfig } from './config';
import { MediaHttpServer } from './http/media-http.server';
import { ObjectsController } from './objects/objects.controller';
import { ReleasedImagesHandler } from './objects/released-images.handler';
import { ObjectStorage } from './storage/object-storage';
import { UploadLocks } from './uploads/upload-locks';
import { VideoUploads } from './uploads/video-uploads';
import { ReadyVideos } from './streaming/ready-videos';
import { Screens } from './streaming/screens';
import { StreamOrigin } from './streaming/stream-origin';
import { StreamsController } from './streaming/streams.controller';
import { StreamsService } from './streaming/streams.service';
import { ReleasedVideosHandler } from './videos/released-videos.handler';
import { TranscodeWorker } from './videos/transcode.worker';
import { VideosController } from './videos/videos.controller';
import { VideosRepository } from './videos/videos.repository';
import { VideosService } from './videos/videos.service';

@Module({
  imports: [
    RedisModule.fromServiceConfig('chitram-media'),
    EventsModule.forService(),
    JobsModule.forService(),
  ],
  controllers: [ObjectsController, VideosController, StreamsController],
  providers: [
    {
      provide: ObjectStorage,
      inject: [MediaConfig],
      useFactory: (config: MediaConfig) => new ObjectStorage(config),
    },
    MediaHttpServer,
    ReleasedImagesHandler,
    VideosRepository,
    VideosService,
    TranscodeWorker,
    ReleasedVideosHandler,
    ReadyVideos,
    Screens,
    StreamsService,
    StreamOrigin,
    UploadLocks,
    VideoUploads,
  ],
})
export class AppModule implements OnModuleInit {
  constructor(
    private readonly storage: ObjectStorage,
    @Inject(HealthRegistry) private readonly health: HealthRegistry,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onModuleInit(): Promise<void> {
    this.health.register('storage', () => this.storage.check());
    try {
      await this.storage.ensureBucket();
    } catch (error) {
      // Storage may come up after the service; readiness reports it down until it does.
      this.logger.warn({ err: error, bucket: this.storage.bucket }, 'object storage not reachable yet');
    }
  }
}
