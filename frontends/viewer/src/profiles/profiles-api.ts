import type { Profile, TokenPair } from '@chitram/contracts/web';
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
}

export function fetchProfiles(api: KyInstance, signal?: AbortSignal): Promise<Profile[]> {
  return api.get('user/profiles', { signal, ...asViewer }).json<Profile[]>();
}

export function createProfile(api: KyInstance, form: ProfileForm): Promise<Profile> {
  return api.post('user/profiles', { ...asViewer, json: form }).json<Profile>();
}

export function updateProfile(api: KyInstance, id: string, form: Partial<ProfileForm>): Promise<Profile> {
  return api.patch(`user/profiles/${encodeURIComponent(id)}`, { ...asViewer, json: form }).json<Profile>();
}

export async function deleteProfile(api: KyInstance, id: string): Promise<void> {
  await api.delete(`user/profiles/${encodeURIComponent(id)}`, asViewer);
}

/** The session as a profile's: its own token pair (claim `prf`), kept in the shell's session store. */
export async function chooseProfile(host: HostApi, profile: Profile): Promise<void> {
  const pair = await host.api
    .post(`user/profiles/${encodeURIComponent(profile._id)}/select`, asViewer)
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
