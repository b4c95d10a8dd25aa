import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { PlaybackSourceRequest, Subjects, type PlaybackSource } from '@chitram/contracts';
import { PlaybackSources } from './playback-source';
import { Handles } from '@chitram/nest-kit';

@Controller()
export class PlaybackController {
  constructor(private readonly sources: PlaybackSources) {}

  @Handles(Subjects.catalog.playbackSource)
  source(@Payload() request: PlaybackSourceRequest): Promise<PlaybackSource> {
    return this.sources.source(request);
  }
}
