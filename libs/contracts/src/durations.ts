// Running times as people write them, read without the validation libraries, so the front ends may
// import this file by sub-path.

export interface DurationParts {
  hours: number;
  minutes: number;
  seconds: number;
}

const TEXT_DURATION =
  /^(?:(\d{1,2})\s*h(?:ours?|rs?)?)?\s*(?:(\d{1,4})\s*m(?:in(?:ute)?s?)?)?\s*(?:(\d{1,5})\s*s(?:ec(?:ond)?s?)?)?$/i;
const CLOCK_DURATION = /^(?:(\d{1,2}):)?(\d{1,3}):(\d{2})$/;
const MAX_DURATION_SECONDS = 24 * 3600;

/**
 * Reads a running time written as '2hr 30min', '2 hours 30 minutes', '2h30m', '45 min', '90min',
 * '1:05:30' or '25:10'. Undefined when it is none of these, zero, or a day or longer.
 */
export function parseDuration(text: string): DurationParts | undefined {
  const trimmed = text.trim();
  let total: number;
  const clock = CLOCK_DURATION.exec(trimmed);
  const words = clock ? null : TEXT_DURATION.exec(trimmed);
  if (clock) {
    if (Number(clock[3]) >= 60 || (clock[1] !== undefined && Number(clock[2]) >= 60)) return undefined;
    total = Number(clock[1] ?? 0) * 3600 + Number(clock[2]) * 60 + Number(clock[3]);
  } else if (words && (words[1] ?? words[2] ?? words[3]) !== undefined) {
    total = Number(words[1] ?? 0) * 3600 + Number(words[2] ?? 0) * 60 + Number(words[3] ?? 0);
  } else {
    return undefined;
  }
  if (total <= 0 || total >= MAX_DURATION_SECONDS) return undefined;
  return { hours: Math.floor(total / 3600), minutes: Math.floor((total % 3600) / 60), seconds: total % 60 };
}
