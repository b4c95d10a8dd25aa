import { Module } from '@nestjs/common';
import { REDIS, type Redis, RevocationList } from '@chitram/nest-kit';
import { MediaModule } from '../media/media.module';
import { PlaybackController } from './playback.controller';
import { Entitlements } from './entitlements';
import { PlaybackSources } from './playback-sources';
import { StreamGrants } from './stream-grants';
import { StreamPasses } from './stream-pass';
import { TrailersController } from './trailers.controller';

@Module({
  imports: [MediaModule],
  controllers: [PlaybackController, TrailersController],
  providers: [
    StreamGrants,
    PlaybackSources,
    Entitlements,
    StreamPasses,
    // What the stream origin checks a Safari player's stream pass against (the sessions ended early).
    { provide: RevocationList, inject: [REDIS], useFactory: (redis: Redis) => new RevocationList(redis) },
  ],
})
export class PlaybackModule {}
