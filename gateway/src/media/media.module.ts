import { Module } from '@nestjs/common';
import { AdminUploadsController } from './admin-uploads.controller';
import { MediaClient } from './media.client';
import { MediaController } from './media.controller';

/** Uploads through the admin's multipart forms, and stored images served to browsers. */
@Module({
  controllers: [MediaController, AdminUploadsController],
  providers: [MediaClient],
  exports: [MediaClient],
})
export class MediaModule {}
