import { PROFILE_LOCK_HEADER, type Profile, type TokenPair } from '@chitram/contracts/web';
import type { HostApi, SessionProfile } from '@chitram/shell-contract';
import type { KyInstance } from 'ky';

// Profiles (issue 22, D37): the account's profiles, and choosing who is watching.

const asViewer = { context: { session: 'user' } } as const;

/** The fields a profile form sends. */
export interface ProfileForm {
  name: string;
  avatar: string;
  interfaceLanguage: string | null;
  maturity: Profile['maturity'];
  /** A new 4-digit lock, null to take it off; absent leaves it. */
  lock?: string | null;
}

/** The account holder's lock, sent with what manages profiles when the first profile has one (D37). */
const withHolderLock = (holderLock: string | undefined) =>
  holderLock ? { headers: { [PROFILE_LOCK_HEADER]: holderLock } } : {};

/** The account's profiles; with `token`, those of the session it names rather than the stored one's. */
export function fetchProfiles(api: KyInstance, signal?: AbortSignal, token?: string): Promise<Profile[]> {
  const headers = token ? { headers: { Authorization: `Bearer ${token}` } } : {};
  return api.get('user/profiles', { signal, ...asViewer, ...headers }).json<Profile[]>();
}

export function createProfile(api: KyInstance, form: ProfileForm, holderLock?: string): Promise<Profile> {
  return api
    .post('user/profiles', { ...asViewer, ...withHolderLock(holderLock), json: form })
    .json<Profile>();
}

export function updateProfile(
  api: KyInstance,
  id: string,
  form: Partial<ProfileForm>,
  holderLock?: string,
): Promise<Profile> {
  return api
    .patch(`user/profiles/${encodeURIComponent(id)}`, {
      ...asViewer,
      ...withHolderLock(holderLock),
      json: form,
    })
    .json<Profile>();
}

export async function deleteProfile(api: KyInstance, id: string, holderLock?: string): Promise<void> {
  await api.delete(`user/profiles/${encodeURIComponent(id)}`, { ...asViewer, ...withHolderLock(holderLock) });
}

/** The session as a profile's: its own token pair (claim `prf`), kept in the shell's session store. */
export async function chooseProfile(host: HostApi, profile: Profile, lock?: string): Promise<void> {
  const pair = await host.api
    .post(`user/profiles/${encodeURIComponent(profile._id)}/select`, {
      ...asViewer,
      json: lock ? { lock } : {},
    })
    .json<TokenPair>();
  const session = host.getSession();
  if (!session.user) return;
  const chosen: SessionProfile = {
    _id: profile._id,
    name: profile.name,
    avatar: profile.avatar,
    maturity: profile.maturity,
  };
  session.signInUser({ ...session.user, ...pair, profile: chosen });
}

/** Whether the session's profile is a kids profile (its interface has no account, payment or profile pages). */
export function isKidsSession(profile: SessionProfile | undefined): boolean {
  return Boolean(profile && profile.maturity !== 'adult');
}
