import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { LanguageOnlyRequest, PicksRequest, Subjects } from '@chitram/contracts';
import { Handles } from '@chitram/nest-kit';
import { PickedRows } from './picked-rows';

const picks = Subjects.catalog.picks;

@Controller()
export class PicksController {
  constructor(private readonly rows: PickedRows) {}

  @Handles(picks.becauseYouWatched)
  becauseYouWatched(@Payload() body: PicksRequest) {
    return this.rows.becauseYouWatched(body.profileId);
  }

  @Handles(picks.topToday)
  topToday(@Payload() body: LanguageOnlyRequest) {
    return this.rows.topToday(body.language);
  }
}
