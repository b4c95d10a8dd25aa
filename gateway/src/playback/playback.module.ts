import { Module } from '@nestjs/common';
import { MediaModule } from '../media/media.module';
import { PlaybackController } from './playback.controller';
import { StreamGrants } from './stream-grants';

@Module({ imports: [MediaModule], controllers: [PlaybackController], providers: [StreamGrants] })
export class PlaybackModule {}
