import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import { EventsModule, HealthRegistry, JobsModule, LOGGER, type Logger } from '@chitram/nest-kit';
import { AudioTracksRepository } from './audio/audio-tracks.repository';
import { MediaConfig } from './config';
import { ObjectStorage } from './storage/object-storage';
import { IntroSuggestions } from './videos/intro-suggestions';
import { IntroSuggestionsRepository } from './videos/intro-suggestions.repository';
import { VideosRepository } from './videos/videos.repository';
import { VideosService } from './videos/videos.service';

/**
 * What media's service process and its transcoding workers (worker.ts) both need: object storage
 * (with its health), the videos, and the outbox and job queue they write to.
 */
@Module({
  imports: [EventsModule.forService(), JobsModule.forService()],
  providers: [
    {
      provide: ObjectStorage,
      inject: [MediaConfig],
      useFactory: (config: MediaConfig) => new ObjectStorage(config),
    },
    VideosRepository,
    VideosService,
    IntroSuggestionsRepository,
    IntroSuggestions,
    AudioTracksRepository,
  ],
  exports: [
    EventsModule,
    JobsModule,
    ObjectStorage,
    VideosRepository,
    VideosService,
    IntroSuggestionsRepository,
    IntroSuggestions,
    AudioTracksRepository,
  ],
})
export class MediaCoreModule implements OnModuleInit {
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
