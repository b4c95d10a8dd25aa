import { VideoMarkersService } from './videos/video-markers.service';
import { TrickplayBackfill } from './videos/trickplay-backfill';
import { Module } from '@nestjs/common';
import { AudioTrackWorker } from './audio/audio-track.worker';
import { AudioTracksService } from './audio/audio-tracks.service';
import { AudioUploads } from './audio/audio-uploads';
import { ModuleRef } from '@nestjs/core';
import { RedisModule } from '@chitram/nest-kit';
import { MediaConfig } from './config';
import { MediaHttpServer } from './http/media-http.server';
import { MediaCoreModule } from './media-core.module';
import { ImageVariants } from './objects/image-variants';
import { ObjectsController } from './objects/objects.controller';
import { ReleasedImagesHandler } from './objects/released-images.handler';
import { UploadLocks } from './uploads/upload-locks';
import { VideoUploads } from './uploads/video-uploads';
import { PlayerExtrasCache } from './streaming/player-extras';
import { ReadyVideos } from './streaming/ready-videos';
import { Screens } from './streaming/screens';
import { StreamOrigin } from './streaming/stream-origin';
import { StreamsController } from './streaming/streams.controller';
import { StreamsService } from './streaming/streams.service';
import { SubtitleUploads } from './subtitles/subtitle-uploads';
import { SubtitlesRepository } from './subtitles/subtitles.repository';
import { SubtitlesService } from './subtitles/subtitles.service';
import { ReleasedVideosHandler } from './videos/released-videos.handler';
import { TranscodeWorker } from './videos/transcode.worker';
import { VideosController } from './videos/videos.controller';
import { TrailersController } from './trailers/trailers.controller';
import { TrailersService } from './trailers/trailers.service';

@Module({
  imports: [RedisModule.fromServiceConfig('chitram-media'), MediaCoreModule],
  controllers: [ObjectsController, VideosController, StreamsController, TrailersController],
  providers: [
    MediaHttpServer,
    ImageVariants,
    ReleasedImagesHandler,
    // The process takes transcoding jobs unless MEDIA_TRANSCODE is off (workers of their own take
    // them: worker.ts); the job workers find no handler in an empty provider.
    {
      provide: TranscodeWorker,
      inject: [MediaConfig, ModuleRef],
      useFactory: (config: MediaConfig, moduleRef: ModuleRef) =>
        config.MEDIA_TRANSCODE === 'on' ? moduleRef.create(TranscodeWorker) : null,
    },
    {
      provide: AudioTrackWorker,
      inject: [MediaConfig, ModuleRef],
      useFactory: (config: MediaConfig, moduleRef: ModuleRef) =>
        config.MEDIA_TRANSCODE === 'on' ? moduleRef.create(AudioTrackWorker) : null,
    },
    ReleasedVideosHandler,
    ReadyVideos,
    PlayerExtrasCache,
    Screens,
    StreamsService,
    StreamOrigin,
    UploadLocks,
    VideoUploads,
    VideoMarkersService,
    TrickplayBackfill,
    TrailersService,
    SubtitlesRepository,
    SubtitlesService,
    SubtitleUploads,
    AudioTracksService,
    AudioUploads,
  ],
})
export class AppModule {}
