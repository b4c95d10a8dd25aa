import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { HistoryPageRequest, HistoryRequest, HistoryTitleRequest, Subjects } from '@chitram/contracts';
import { Handles } from '@chitram/nest-kit';
import { WatchHistory } from './watch-history';

const history = Subjects.catalog.history;

@Controller()
export class WatchHistoryController {
  constructor(private readonly watchHistory: WatchHistory) {}

  @Handles(history.page)
  page(@Payload() body: HistoryPageRequest) {
    return this.watchHistory.page(body.profileId, body.page);
  }

  @Handles(history.remove)
  remove(@Payload() body: HistoryTitleRequest) {
    return this.watchHistory.remove(body.profileId, body.titleId);
  }

  @Handles(history.clear)
  clear(@Payload() body: HistoryRequest) {
    return this.watchHistory.clear(body.profileId);
  }
}
