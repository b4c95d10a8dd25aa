import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { SaveWatchRequest, Subjects, ViewerWatchRequest, WatchPositionRequest } from '@chitram/contracts';
import { WatchingService } from './watching.service';
import { Handles } from '@chitram/nest-kit';

const watch = Subjects.catalog.watch;

@Controller()
export class WatchingController {
  constructor(private readonly watching: WatchingService) {}

  @Handles(watch.save)
  save(@Payload() body: SaveWatchRequest) {
    return this.watching.save(body);
  }

  @Handles(watch.position)
  position(@Payload() body: WatchPositionRequest) {
    return this.watching.position(body);
  }

  @Handles(watch.continueWatching)
  continueWatching(@Payload() body: ViewerWatchRequest) {
    return this.watching.continueWatching(body.viewerId);
  }
}
