import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Subjects, ViewerRef } from '@chitram/contracts';
import { Handles } from '@chitram/nest-kit';
import { PlanEndReminders } from './plan-end-reminders';

/** The end of a viewer's time, for the header's banner (D40). */
@Controller()
export class PlanEndingController {
  constructor(private readonly reminders: PlanEndReminders) {}

  @Handles(Subjects.billing.planEnding.get)
  get(@Payload() body: ViewerRef) {
    return this.reminders.planEnding(body.viewerId);
  }
}
