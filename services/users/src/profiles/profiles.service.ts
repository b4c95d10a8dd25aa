import { Injectable } from '@nestjs/common';
import {
  DomainError,
  ErrorCode,
  Events,
  MAX_PROFILES,
  type CreateProfileRequest,
  type Profile,
  type ProfileDeletedEvent,
  type UpdateProfileRequest,
} from '@chitram/contracts';
import { hashLock, LOCK_TRIES, LOCK_WAIT_SECONDS, lockMatches } from './profile-lock';
import { Outbox } from '@chitram/nest-kit';
import type { EntityManager } from 'typeorm';
import { MyListRepository } from '../my-list/my-list.repository';
import { ProfilesRepository } from './profiles.repository';

function notFound(): DomainError {
  // Another account's profile answers as one that does not exist: nothing tells them apart.
  return new DomainError(ErrorCode.NOT_FOUND, 'This profile does not exist.');
}

function nameTaken(): DomainError {
  return new DomainError(ErrorCode.VALIDATION_FAILED, 'Another profile has this name.', {
    name: ['name is used by another profile of this account'],
  });
}

/**
 * The rules of profiles (issue 22, D37): at most five per account, names unique in the account (letter
 * case aside), the first profile (the viewer's id) kept until the account goes. Deleting a profile
 * deletes its list here and announces Events.profileDeleted, for the catalog's positions and history.
 */
@Injectable()
export class ProfilesService {
  constructor(
    private readonly profiles: ProfilesRepository,
    private readonly lists: MyListRepository,
    private readonly outbox: Outbox,
  ) {}

  list(accountId: string): Promise<Profile[]> {
    return this.profiles.list(accountId);
  }

  async get(accountId: string, profileId: string): Promise<Profile> {
    return (await this.profiles.find(accountId, profileId)) ?? Promise.reject(notFound());
  }

  async create(request: CreateProfileRequest): Promise<Profile> {
    return this.outbox.transaction(async (manager) => {
      if (!(await this.profiles.lockAccount(manager, request.accountId)))
        throw new DomainError(ErrorCode.NOT_FOUND, 'This account does not exist.');
      const existing = await this.profiles.list(request.accountId, manager);
      if (existing.length >= MAX_PROFILES)
        throw new DomainError(
          ErrorCode.PROFILE_LIMIT_REACHED,
          `An account has at most ${MAX_PROFILES} profiles.`,
        );
      await this.refuseTakenName(manager, request.accountId, request.name);
      return this.profiles.insert(
        manager,
        request.accountId,
        {
          name: request.name,
          avatar: request.avatar,
          interfaceLanguage: request.interfaceLanguage ?? null,
          maturity: request.maturity,
        },
        request.lock ? await hashLock(request.lock) : null,
      );
    });
  }

  async update(request: UpdateProfileRequest): Promise<Profile> {
    const { accountId, profileId, lock, ...fields } = request;
    const lockHash = lock === undefined ? undefined : lock === null ? null : await hashLock(lock);
    return this.outbox.transaction(async (manager) => {
      if (!(await this.profiles.lockAccount(manager, accountId))) throw notFound();
      if (fields.name !== undefined) await this.refuseTakenName(manager, accountId, fields.name, profileId);
      if (fields.maturity !== undefined && fields.maturity !== 'adult' && profileId === accountId)
        // The first profile manages the account: it stays an adult's.
        throw new DomainError(ErrorCode.VALIDATION_FAILED, 'The first profile is the account holder’s.', {
          maturity: ['the account’s first profile stays adult'],
        });
      return (
        (await this.profiles.update(manager, accountId, profileId, fields, lockHash)) ??
        Promise.reject(notFound())
      );
    });
  }

  async delete(accountId: string, profileId: string): Promise<void> {
    if (profileId === accountId)
      throw new DomainError(
        ErrorCode.FIRST_PROFILE_KEPT,
        'The account’s first profile stays until the account is deleted.',
      );
    await this.outbox.transaction(async (manager, emit) => {
      if (!(await this.profiles.delete(manager, accountId, profileId))) throw notFound();
      await this.lists.forgetProfile(manager, profileId);
      const event: ProfileDeletedEvent = { accountId, profileId, deletedAt: new Date().toISOString() };
      await emit(Events.profileDeleted, event);
    });
  }

  /**
   * A try of the profile's lock: a profile without one, or the right digits, pass (and clear the wrong
   * tries); a wrong or missing try is PROFILE_LOCK_INVALID with the tries left, the fifth in a row
   * stops all tries for LOCK_WAIT_SECONDS (PROFILE_LOCK_WAIT), right digits included.
   */
  async unlock(accountId: string, profileId: string, lock: string | undefined): Promise<void> {
    const refusal = await this.outbox.transaction(async (manager): Promise<DomainError | null> => {
      const state = await this.profiles.lockedState(manager, accountId, profileId);
      if (!state) return notFound();
      if (!state.lockHash) return null;
      const now = Date.now();
      if (state.lockedUntil && state.lockedUntil.getTime() > now)
        return DomainError.retryLater(
          ErrorCode.PROFILE_LOCK_WAIT,
          'Too many wrong tries. Please wait before trying again.',
          (state.lockedUntil.getTime() - now) / 1000,
        );
      if (lock !== undefined && (await lockMatches(state.lockHash, lock))) {
        if (state.failures > 0 || state.lockedUntil)
          await this.profiles.saveTries(manager, profileId, 0, null);
        return null;
      }
      const failures = state.failures + 1;
      if (failures >= LOCK_TRIES) {
        await this.profiles.saveTries(manager, profileId, 0, new Date(now + LOCK_WAIT_SECONDS * 1000));
        return DomainError.retryLater(
          ErrorCode.PROFILE_LOCK_WAIT,
          'Too many wrong tries. Please wait before trying again.',
          LOCK_WAIT_SECONDS,
        );
      }
      await this.profiles.saveTries(manager, profileId, failures, null);
      return DomainError.atLimit(
        ErrorCode.PROFILE_LOCK_INVALID,
        'That lock is not right.',
        LOCK_TRIES - failures,
      );
    });
    // Thrown after the commit, so the wrong try stays counted.
    if (refusal) throw refusal;
  }

  private async refuseTakenName(
    manager: EntityManager,
    accountId: string,
    name: string,
    except?: string,
  ): Promise<void> {
    if (await this.profiles.nameTaken(manager, accountId, name, except)) throw nameTaken();
  }
}
