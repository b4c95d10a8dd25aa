import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { PlaybackSourceRequest, Subjects, type PlaybackSource } from '@chitram/contracts';
import { PlaybackSources } from './playback-source';

@Controller()
export class PlaybackController {
  constructor(private readonly sources: PlaybackSources) {}

  @MessagePattern(Subjects.catalog.playbackSource)
  source(@Payload() request: PlaybackSourceRequest): Promise<PlaybackSource> {
    return this.sources.source(request);
  }
}
