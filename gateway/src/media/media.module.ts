import { Module } from '@nestjs/common';
import { AdminUploadsController } from './admin-uploads.controller';
import { AdminTrailersController } from './admin-trailers.controller';
import { AdminVideoAudioController } from './admin-video-audio.controller';
import { AdminVideosController } from './admin-videos.controller';
import { MediaClient } from './media.client';
import { MediaController } from './media.controller';
import { UploadStreamParser } from './upload-stream-parser';
import { VideoUploadProxy } from './video-upload-proxy';

/**
 * Uploads through the admin's multipart forms, titles' videos uploaded resumably (tus), and stored
 * images served to browsers.
 */
@Module({
  controllers: [
    MediaController,
    AdminUploadsController,
    AdminVideosController,
    AdminVideoAudioController,
    AdminTrailersController,
  ],
  providers: [MediaClient, VideoUploadProxy, UploadStreamParser],
  exports: [MediaClient],
})
export class MediaModule {}
