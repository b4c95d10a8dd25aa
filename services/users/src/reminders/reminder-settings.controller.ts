import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Subjects, UpdateReminderSettingsRequest } from '@chitram/contracts';
import { Handles } from '@chitram/nest-kit';
import { ViewerIdBody } from '../viewers/viewers.dto';
import { ReminderSettingsRepository } from './reminder-settings.repository';

const reminders = Subjects.users.reminders;

/** Whether the viewer's plan-end reminders come by SMS (D40): the profile page's switch. */
@Controller()
export class ReminderSettingsController {
  constructor(private readonly settings: ReminderSettingsRepository) {}

  @Handles(reminders.get)
  get(@Payload() body: ViewerIdBody) {
    return this.settings.get(body.id);
  }

  @Handles(reminders.update)
  update(@Payload() body: UpdateReminderSettingsRequest) {
    return this.settings.set(body.id, body.smsReminders);
  }
}
