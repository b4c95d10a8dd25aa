import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { SaveWatchRequest, Subjects, ViewerWatchRequest, WatchPositionRequest } from '@chitram/contracts';
import { WatchingService } from './watching.service';

const watch = Subjects.catalog.watch;

@Controller()
export class WatchingController {
  constructor(private readonly watching: WatchingService) {}

  @MessagePattern(watch.save)
  save(@Payload() body: SaveWatchRequest) {
    return this.watching.save(body);
  }

  @MessagePattern(watch.position)
  position(@Payload() body: WatchPositionRequest) {
    return this.watching.position(body);
  }

  @MessagePattern(watch.continueWatching)
  continueWatching(@Payload() body: ViewerWatchRequest) {
    return this.watching.continueWatching(body.viewerId);
  }
}
