import { EVENT_STREAM, EVENT_SUBJECT_ROOT } from '@chitram/contracts';
import { IsInt, Matches, Max, Min } from 'class-validator';
import { ServiceConfig } from '../config';

/** Settings of a service that writes or reads events. Tests point them at a stream of their own. */
export class EventServiceConfig extends ServiceConfig {
  @Matches(/^[A-Za-z0-9_-]{1,64}$/, { message: 'EVENTS_STREAM may hold letters, digits, _ and - only' })
  EVENTS_STREAM = EVENT_STREAM;

  /** Where this platform's event subjects live; the contracts' `chitram.events.` is mapped onto it. */
  @Matches(/^[a-z0-9_-]+(\.[a-z0-9_-]+)*$/, {
    message: 'EVENTS_SUBJECT_ROOT must be dot-separated lower-case tokens',
  })
  EVENTS_SUBJECT_ROOT = EVENT_SUBJECT_ROOT;

  /** How often the outbox relay looks for unpublished events when nothing woke it. */
  @IsInt()
  @Min(20)
  @Max(60_000)
  OUTBOX_POLL_MS = 1000;
}

export type EventBusSettings = Pick<
  EventServiceConfig,
  'EVENTS_STREAM' | 'EVENTS_SUBJECT_ROOT' | 'OUTBOX_POLL_MS'
>;

/** A contract subject (`chitram.events.…`) on this bus. */
export function busSubject(settings: Pick<EventBusSettings, 'EVENTS_SUBJECT_ROOT'>, subject: string): string {
  if (!subject.startsWith(`${EVENT_SUBJECT_ROOT}.`)) {
    throw new Error(
      `event subject ${subject} is not under ${EVENT_SUBJECT_ROOT}. (see Events in libs/contracts)`,
    );
  }
  return settings.EVENTS_SUBJECT_ROOT + subject.slice(EVENT_SUBJECT_ROOT.length);
}
