import type { ActiveSubscription } from '@chitram/shell-contract';
import type { ViewerProfileUpdate } from './session-store';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The parts of a `GET /api/user/me` answer (DECISIONS D2 shape) that the header's profile panel shows;
 * anything missing or malformed is left as the session has it.
 */
export function profileUpdateFrom(answer: unknown): ViewerProfileUpdate {
  if (!isRecord(answer)) return {};
  const update: ViewerProfileUpdate = {};
  if (typeof answer.phoneNumber === 'string' && answer.phoneNumber !== '')
    update.phoneNumber = answer.phoneNumber;
  if (typeof answer._id === 'string') update._id = answer._id;
  const profile = answer.profile;
  if (
    isRecord(profile) &&
    typeof profile._id === 'string' &&
    typeof profile.name === 'string' &&
    typeof profile.avatar === 'string' &&
    (profile.maturity === 'kids' || profile.maturity === 'kids-ua' || profile.maturity === 'adult')
  )
    update.profile = {
      _id: profile._id,
      name: profile.name,
      avatar: profile.avatar,
      maturity: profile.maturity,
    };
  if (typeof answer.isSubscribed === 'boolean') update.isSubscribed = answer.isSubscribed;
  if (answer.activeSubscription === null) update.activeSubscription = null;
  else if (isRecord(answer.activeSubscription) && typeof answer.activeSubscription.planName === 'string') {
    const validTill = answer.activeSubscription.validTill;
    const plan: ActiveSubscription = {
      planName: answer.activeSubscription.planName,
      validTill: typeof validTill === 'string' ? validTill : null,
    };
    update.activeSubscription = plan;
  }
  return update;
}
