import { Inject, Injectable } from '@nestjs/common';
import { Events } from '@chitram/contracts';
import { EventHandler, LOGGER, type EventOf, type Logger } from '@chitram/nest-kit';
import type { EntityManager } from 'typeorm';
import { UsersConfig } from '../config';
import { SmsSender } from '../sms/sms-sender';
import { planEndMessage } from './plan-end-message';
import { ReminderSettingsRepository } from './reminder-settings.repository';

/**
 * Sends each plan-end reminder billing claimed (D40) to the account's number, unless the viewer turned
 * SMS reminders off or the account is gone (D25). In the event's transaction with its inbox row: a
 * redelivered event is not sent again, and a failed send is retried with a later delivery.
 */
@Injectable()
export class PlanEndReminderHandler {
  constructor(
    private readonly settings: ReminderSettingsRepository,
    private readonly sms: SmsSender,
    private readonly config: UsersConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @EventHandler(Events.planEndReminderDue, { durable: 'users-plan-end-reminders' })
  async remind(event: EventOf<typeof Events.planEndReminderDue>, manager: EntityManager): Promise<void> {
    const reminder = event.payload;
    const recipient = await this.settings.recipient(manager, reminder.viewerId);
    if (!recipient?.smsReminders) {
      this.logger.info(
        { viewerId: reminder.viewerId, kind: reminder.kind, reason: recipient ? 'turned off' : 'no account' },
        'plan-end reminder not sent',
      );
      return;
    }
    await this.sms.send(recipient.phoneNumber, planEndMessage(reminder, this.config.PUBLIC_URL));
  }
}
