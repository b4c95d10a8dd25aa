import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { ScreenRequest, StreamGrantRequest, Subjects, ViewerRef } from '@chitram/contracts';
import { StreamsService } from './streams.service';
import { Handles } from '@chitram/nest-kit';

const streams = Subjects.media.streams;

/** Stream grants and screens over NATS (payloads and answers: libs/contracts/src/playback.ts, admin.ts). */
@Controller()
export class StreamsController {
  constructor(private readonly streams: StreamsService) {}

  @Handles(streams.grant)
  grant(@Payload() body: StreamGrantRequest) {
    return this.streams.grant(body);
  }

  @Handles(streams.heartbeat)
  heartbeat(@Payload() body: ScreenRequest) {
    return this.streams.heartbeat(body);
  }

  @Handles(Subjects.media.reports.screensOf)
  screensOf(@Payload() body: ViewerRef) {
    return this.streams.screensOf(body.viewerId);
  }

  @Handles(streams.release)
  release(@Payload() body: ScreenRequest) {
    return this.streams.release(body);
  }
}
