import 'reflect-metadata';
import { IsBoolean, IsUUID } from 'class-validator';
import type { ViewerRef } from './billing';
import type { ViewerIdRequest } from './identity';
import type { PlanEndingAnswer, ReminderSettings } from './plan-end-answers';
import { subject } from './subject';

/** `PUT /api/user/reminders`: turns the viewer's SMS reminders on or off (D40). */
export class UpdateReminderSettingsBody {
  @IsBoolean({ message: 'smsReminders must be true or false' })
  smsReminders: boolean;
}

/** `Subjects.users.reminders.update`: the change, for the account the gateway names. */
export class UpdateReminderSettingsRequest extends UpdateReminderSettingsBody {
  @IsUUID()
  id: string;
}

/** Subjects.users.reminders: an account's reminder settings (kept on the account: one number, D40). */
export const ReminderSettingSubjects = {
  get: subject<ViewerIdRequest, ReminderSettings>('chitram.users.viewer.reminders.get.v1'),
  update: subject<UpdateReminderSettingsRequest, ReminderSettings>(
    'chitram.users.viewer.reminders.update.v1',
  ),
} as const;

/** Subjects.billing.planEnding: the end of the viewer's time when it is near (the header's banner). */
export const PlanEndingSubjects = {
  get: subject<ViewerRef, PlanEndingAnswer>('chitram.billing.plan-ending.get.v1'),
} as const;
