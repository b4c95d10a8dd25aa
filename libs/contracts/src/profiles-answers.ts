import type { Rating } from './catalog-lists';
import type { InterfaceLanguageCode } from './interface-languages';

// Profiles (issue 22, D37): up to five people sharing one viewer account. The users service keeps them;
// the chosen one travels in the access token (`prf`). Types and fixed lists only, so the front ends
// import this module.

/** The most profiles an account has. */
export const MAX_PROFILES = 5;

/** A profile's name: 1 to 20 characters once trimmed, unique in the account (case aside). */
export const PROFILE_NAME_MAX_LENGTH = 20;

/** The name of the profile every account starts with (created from the viewer: same id). */
export const FIRST_PROFILE_NAME = 'Me';

/** The drawn avatars the viewer app ships (SVG, no outside images); a profile picks one by id. */
export const PROFILE_AVATARS = [
  'lotus',
  'peacock',
  'tiger',
  'elephant',
  'kite',
  'mango',
  'star',
  'moon',
] as const;
export type ProfileAvatar = (typeof PROFILE_AVATARS)[number];

/**
 * What a profile may watch (D37): `kids` sees titles rated U only, `kids-ua` U and U/A (the parent's
 * choice), `adult` everything. A kids level also hides the account, payment and profile pages.
 */
export const MATURITY_LEVELS = ['kids', 'kids-ua', 'adult'] as const;
export type MaturityLevel = (typeof MATURITY_LEVELS)[number];

const RATINGS_BY_MATURITY: Record<MaturityLevel, readonly Rating[]> = {
  kids: ['U'],
  'kids-ua': ['U', 'U/A'],
  adult: ['U', 'U/A', 'A'],
};

/** The content ratings (D26) a profile of this level may see. */
export function ratingsFor(maturity: MaturityLevel): readonly Rating[] {
  return RATINGS_BY_MATURITY[maturity];
}

/** Whether a title of this rating is for a profile of this level (an unknown rating is not). */
export function maturityAllows(maturity: MaturityLevel, rating: string | null | undefined): boolean {
  return (RATINGS_BY_MATURITY[maturity] as readonly string[]).includes(rating ?? '');
}

export function isKidsProfile(maturity: MaturityLevel): boolean {
  return maturity !== 'adult';
}

/** A profile as the API answers it (`GET /api/user/profiles`). */
export interface Profile {
  _id: string;
  name: string;
  avatar: ProfileAvatar;
  /** Null: never chosen, the interface follows the device. */
  interfaceLanguage: InterfaceLanguageCode | null;
  maturity: MaturityLevel;
  /** The account's first profile (its id is the viewer's): it cannot be deleted. */
  isFirst: boolean;
  /** Whether a 4-digit lock guards it (asked before choosing it; the first profile's also before managing). */
  hasLock: boolean;
  createdAt: string;
}

/** A profile lock: exactly four digits. */
export const PROFILE_LOCK_PATTERN = /^[0-9]{4}$/;

/** The header carrying the account holder's lock to the routes that manage profiles or delete the account. */
export const PROFILE_LOCK_HEADER = 'x-profile-lock';

/** What a right lock (or a profile without one) answers. */
export interface ProfileUnlocked {
  unlocked: true;
}

/** `DELETE /api/user/profiles/{id}`. */
export interface ProfileDeleted {
  deleted: true;
}

/** Event Events.profileDeleted: a profile is gone; its list went with it, its positions and history go too. */
export interface ProfileDeletedEvent {
  accountId: string;
  profileId: string;
  deletedAt: string;
}
