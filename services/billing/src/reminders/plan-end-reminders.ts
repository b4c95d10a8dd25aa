import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import {
  Events,
  PLAN_END_BANNER_DAYS,
  type PlanEndingAnswer,
  type PlanEndReminderDue,
} from '@chitram/contracts';
import { JobHandler, JobQueue, LOGGER, type JobContext, type Logger, Outbox } from '@chitram/nest-kit';
import { indiaDaysUntil } from '@chitram/contracts';
import { BillingConfig } from '../config';
import { dueReminder } from './plan-end-rules';
import { PlanEndRemindersRepository, type ReminderClaim } from './plan-end-reminders.repository';

export const PLAN_END_REMINDER_JOB = 'billing.plan-end-reminders';
/** Viewers looked at per transaction. */
const BATCH = 200;
const DAY_MS = 86_400_000;

/**
 * Reminders before a viewer's time runs out (D40): a periodic job on the work queue (once across all
 * instances, ARCHITECTURE rule 10) claims each reminder due, one row per end and kind, in the
 * transaction that writes its event; the users service, which holds the number and the viewer's
 * choice, sends the SMS.
 */
@Injectable()
export class PlanEndReminders implements OnApplicationBootstrap {
  constructor(
    private readonly config: BillingConfig,
    private readonly queue: JobQueue,
    private readonly outbox: Outbox,
    private readonly reminders: PlanEndRemindersRepository,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    this.queue.every(PLAN_END_REMINDER_JOB, this.config.PLAN_END_REMINDER_SWEEP_SECONDS * 1000, (error) =>
      this.logger.warn({ err: error }, 'plan-end reminder sweep not enqueued; the next period will be'),
    );
  }

  @JobHandler(PLAN_END_REMINDER_JOB, { ackWaitMs: 5 * 60_000 })
  async run(_job: unknown, { progress }: JobContext): Promise<void> {
    const sent = await this.sweep(new Date(), progress);
    if (sent) this.logger.info({ sent }, 'plan-end reminders claimed');
  }

  /** Claims and announces every reminder due at `now`; answers how many this call claimed. */
  async sweep(now: Date, progress: () => void = () => undefined): Promise<number> {
    // The 3-day reminder's day starts at most four days of 24 hours before the end.
    const until = new Date(now.getTime() + (PLAN_END_BANNER_DAYS + 1) * DAY_MS);
    let claimed = 0;
    let after: string | undefined;
    for (;;) {
      const page = await this.reminders.ending(now, until, BATCH, after);
      const due: ReminderClaim[] = [];
      const daysLeft = new Map<string, number>();
      for (const time of page) {
        const reminder = dueReminder(time.endsAt, now);
        if (!reminder || time.claimed.includes(reminder.kind)) continue;
        due.push({
          viewerId: time.viewerId,
          endsAt: time.endsAt,
          kind: reminder.kind,
          planKey: time.planKey,
        });
        daysLeft.set(time.viewerId, reminder.daysLeft);
      }
      const names = new Map(page.map((time) => [time.viewerId, time.planName]));
      claimed += await this.outbox.transaction(async (manager, emit) => {
        const won = await this.reminders.claim(manager, due);
        for (const claim of won) {
          const event: PlanEndReminderDue = {
            viewerId: claim.viewerId,
            planKey: claim.planKey,
            planName: names.get(claim.viewerId)!,
            kind: claim.kind,
            endsAt: claim.endsAt.toISOString(),
            daysLeft: daysLeft.get(claim.viewerId)!,
          };
          await emit(Events.planEndReminderDue, event);
        }
        return won.length;
      });
      progress();
      if (page.length < BATCH) return claimed;
      after = page[page.length - 1].viewerId;
    }
  }

  /** The end of the viewer's time when the header's banner shows it (within PLAN_END_BANNER_DAYS). */
  async planEnding(viewerId: string, now = new Date()): Promise<PlanEndingAnswer> {
    const time = await this.reminders.timeHeld(viewerId, now);
    const daysLeft = time ? indiaDaysUntil(time.endsAt, now) : Infinity;
    if (!time || daysLeft > PLAN_END_BANNER_DAYS) return { planEnding: null };
    return {
      planEnding: {
        planKey: time.planKey,
        planName: time.planName,
        endsAt: time.endsAt.toISOString(),
        daysLeft,
      },
    };
  }
}
