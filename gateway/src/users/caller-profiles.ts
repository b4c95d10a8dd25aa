import { Global, Injectable, Module } from '@nestjs/common';
import {
  DomainError,
  ErrorCode,
  isKidsProfile,
  Subjects,
  type MaturityLevel,
  type Profile,
} from '@chitram/contracts';
import { RpcClient, ShortCache } from '@chitram/nest-kit';
import type { Principal } from '../auth/principal';

/** How long a profile's level is trusted before it is asked again (a change or deletion shows within it). */
const PROFILE_TTL_MS = 5_000;

/** What the gateway knows of the profile a request is made for (D37). */
export interface CallerProfile {
  /** The account (the viewer's id). */
  accountId: string;
  /** The key of per-person data: positions, Continue watching, My List, the interface language. */
  profileId: string;
  maturity: MaturityLevel;
}

/**
 * The profile in use (issue 22, D37): the access token's `prf` claim, checked to be a profile of the
 * token's account (asked of the users service, kept a few seconds), else the account's first profile
 * (the viewer's own id), which is always an adult's and needs no asking. A token naming a profile
 * the account no longer has is refused (403 PROFILE_NOT_ALLOWED), never taken for another profile.
 */
@Injectable()
export class CallerProfiles {
  private readonly known = new ShortCache<Profile>(PROFILE_TTL_MS);

  constructor(private readonly rpc: RpcClient) {}

  /** The caller's profile; null for a visitor or an admin (no profile: nothing is held back). */
  async of(caller: Principal | undefined): Promise<CallerProfile | null> {
    if (!caller || caller.role !== 'user') return null;
    const profileId = caller.profileId ?? caller.subjectId;
    // The first profile (the viewer's id) stays an adult's (D37): nothing to ask.
    if (profileId === caller.subjectId) return { accountId: caller.subjectId, profileId, maturity: 'adult' };
    const profile = await this.known.get(`${caller.subjectId} ${profileId}`, () =>
      this.rpc
        .call(Subjects.users.profiles.get, { accountId: caller.subjectId, profileId })
        .catch((error) => {
          if (error instanceof DomainError && error.code === ErrorCode.NOT_FOUND)
            throw new DomainError(
              ErrorCode.PROFILE_NOT_ALLOWED,
              'This profile is no longer on the account. Choose who is watching.',
            );
          throw error;
        }),
    );
    return { accountId: caller.subjectId, profileId: profile._id, maturity: profile.maturity };
  }

  /** The key of a signed-in viewer's per-person data: the profile in use (the first one is the viewer's id). */
  async profileIdOf(caller: Principal): Promise<string> {
    return (await this.of(caller))!.profileId;
  }

  /** A kids profile's level, or null for anyone (visitor, adult, admin) who is shown every title. */
  async kidsLevel(caller: Principal | undefined): Promise<MaturityLevel | null> {
    const profile = await this.of(caller);
    return profile && isKidsProfile(profile.maturity) ? profile.maturity : null;
  }

  /** What a kids profile may not do (payments, the account): 403 PROFILE_NOT_ALLOWED. */
  async notKids(caller: Principal): Promise<CallerProfile> {
    const profile = (await this.of(caller))!;
    if (isKidsProfile(profile.maturity))
      throw new DomainError(ErrorCode.PROFILE_NOT_ALLOWED, 'A kids profile cannot manage the account.');
    return profile;
  }

  /**
   * Managing profiles or deleting the account: refused to a kids profile (403 PROFILE_NOT_ALLOWED), and,
   * when the account holder's (first) profile has a lock, only with that lock (header x-profile-lock;
   * 403 PROFILE_LOCK_INVALID, the fifth wrong try a wait).
   */
  async manager(caller: Principal, holderLock: string | undefined): Promise<CallerProfile> {
    const profile = await this.notKids(caller);
    await this.rpc.call(Subjects.users.profiles.unlock, {
      accountId: caller.subjectId,
      profileId: caller.subjectId,
      ...(holderLock ? { lock: holderLock.slice(0, 16) } : {}),
    });
    return profile;
  }

  /** A profile changed or went: its next request asks again. */
  forget(accountId: string, profileId: string): void {
    this.known.forget(`${accountId} ${profileId}`);
  }
}

@Global()
@Module({ providers: [CallerProfiles], exports: [CallerProfiles] })
export class CallerProfilesModule {}
