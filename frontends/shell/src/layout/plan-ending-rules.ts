import type { PlanEnding } from '@chitram/contracts/web';

/** Session storage: the end the viewer dismissed the banner for (a new end shows it again). */
const DISMISSED_KEY = 'chitram.planEndingDismissed';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Whether the banner shows for this end: not once dismissed in this browser session. */
export function planEndingShown(ending: PlanEnding): boolean {
  return storage()?.getItem(DISMISSED_KEY) !== ending.endsAt;
}

export function rememberDismissed(ending: PlanEnding): void {
  storage()?.setItem(DISMISSED_KEY, ending.endsAt);
}
