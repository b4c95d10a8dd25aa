import { randomUUID } from 'node:crypto';
import { ErrorCode, Events, type Profile } from '@chitram/contracts';
import type { Outbox } from '@chitram/nest-kit';
import type { EntityManager } from 'typeorm';
import type { MyListRepository } from '../my-list/my-list.repository';
import { hashLock } from './profile-lock';
import type { LockState, ProfileFields, ProfilesRepository } from './profiles.repository';
import { ProfilesService } from './profiles.service';

// The rules of profiles (D37) with their storage in memory: the repository's SQL is covered by the
// integration spec.

type Row = Profile & { accountId: string; lock: LockState };

class InMemoryProfiles {
  readonly rows: Row[] = [];
  readonly accounts = new Set<string>();

  lockAccount(_m: EntityManager, accountId: string) {
    return Promise.resolve(this.accounts.has(accountId));
  }
  list(accountId: string) {
    return Promise.resolve(this.rows.filter((row) => row.accountId === accountId));
  }
  find(accountId: string, profileId: string) {
    return Promise.resolve(
      this.rows.find((row) => row.accountId === accountId && row._id === profileId) ?? null,
    );
  }
  nameTaken(_m: EntityManager, accountId: string, name: string, except?: string) {
    return Promise.resolve(
      this.rows.some(
        (row) =>
          row.accountId === accountId && row._id !== except && row.name.toLowerCase() === name.toLowerCase(),
      ),
    );
  }
  insert(_m: EntityManager, accountId: string, fields: ProfileFields, lockHash: string | null) {
    const row: Row = {
      ...fields,
      _id: this.rows.some((r) => r.accountId === accountId) ? randomUUID() : accountId,
      accountId,
      isFirst: false,
      hasLock: lockHash !== null,
      createdAt: new Date().toISOString(),
      lock: { lockHash, failures: 0, lockedUntil: null },
    };
    row.isFirst = row._id === accountId;
    this.rows.push(row);
    return Promise.resolve(row);
  }
  update(_m: EntityManager, accountId: string, profileId: string, fields: Partial<ProfileFields>) {
    const row = this.rows.find((r) => r.accountId === accountId && r._id === profileId);
    if (row)
      Object.assign(row, Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)));
    return Promise.resolve(row ?? null);
  }
  delete(_m: EntityManager, accountId: string, profileId: string) {
    const at = this.rows.findIndex((r) => r.accountId === accountId && r._id === profileId && !r.isFirst);
    if (at >= 0) this.rows.splice(at, 1);
    return Promise.resolve(at >= 0);
  }
  lockedState(_m: EntityManager, accountId: string, profileId: string) {
    const row = this.rows.find((r) => r.accountId === accountId && r._id === profileId);
    return Promise.resolve(row ? { ...row.lock } : null);
  }
  saveTries(_m: EntityManager, profileId: string, failures: number, lockedUntil: Date | null) {
    const row = this.rows.find((r) => r._id === profileId)!;
    row.lock = { ...row.lock, failures, lockedUntil };
    return Promise.resolve();
  }
}

function setUp() {
  const store = new InMemoryProfiles();
  const forgotten: string[] = [];
  const emitted: Array<{ subject: string; payload: unknown }> = [];
  const lists = {
    forgetProfile: (_m: EntityManager, id: string) => Promise.resolve(void forgotten.push(id)),
  };
  const outbox = {
    transaction: <T>(
      work: (m: EntityManager, emit: (s: string, p: unknown) => Promise<void>) => Promise<T>,
    ) =>
      work({} as EntityManager, (subject, payload) =>
        Promise.resolve(void emitted.push({ subject, payload })),
      ),
  };
  const service = new ProfilesService(
    store as unknown as ProfilesRepository,
    lists as unknown as MyListRepository,
    outbox as unknown as Outbox,
  );
  const accountId = randomUUID();
  store.accounts.add(accountId);
  const first = () =>
    store.insert(
      {} as EntityManager,
      accountId,
      { name: 'Me', avatar: 'lotus', interfaceLanguage: null, maturity: 'adult' },
      null,
    );
  return { store, service, accountId, forgotten, emitted, first };
}

const kid = (name: string) => ({ name, avatar: 'tiger' as const, maturity: 'kids' as const });

describe('ProfilesService (storage in memory)', () => {
  it('keeps to five profiles with names unique in the account, letter case aside', async () => {
    const { service, accountId, first } = setUp();
    await first();
    await service.create({ accountId, ...kid('Asha') });
    await expect(service.create({ accountId, ...kid('asha') })).rejects.toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
      fields: { name: expect.any(Array) },
    });
    for (const name of ['B', 'C', 'D']) await service.create({ accountId, ...kid(name) });
    await expect(service.create({ accountId, ...kid('E') })).rejects.toMatchObject({
      code: ErrorCode.PROFILE_LIMIT_REACHED,
    });
  });

  it('keeps the first profile an adult’s and undeletable; deleting another forgets its list and announces it', async () => {
    const { service, accountId, first, forgotten, emitted } = setUp();
    await first();
    await expect(service.update({ accountId, profileId: accountId, maturity: 'kids' })).rejects.toMatchObject(
      {
        code: ErrorCode.VALIDATION_FAILED,
      },
    );
    await expect(service.delete(accountId, accountId)).rejects.toMatchObject({
      code: ErrorCode.FIRST_PROFILE_KEPT,
    });
    const child = await service.create({ accountId, ...kid('Chotu') });
    await service.delete(accountId, child._id);
    expect(forgotten).toEqual([child._id]);
    expect(emitted).toEqual([
      {
        subject: Events.profileDeleted,
        payload: expect.objectContaining({ accountId, profileId: child._id }),
      },
    ]);
    await expect(service.delete(accountId, child._id)).rejects.toMatchObject({ code: ErrorCode.NOT_FOUND });
  });

  it('counts wrong lock tries and waits after the fifth, the right lock included', async () => {
    const { service, store, accountId, first } = setUp();
    await first();
    const locked = await service.create({ accountId, ...kid('Locked'), lock: '1234' });
    await expect(service.unlock(accountId, locked._id, '1234')).resolves.toBeUndefined();
    for (const left of [4, 3, 2, 1])
      await expect(service.unlock(accountId, locked._id, '9999')).rejects.toMatchObject({
        code: ErrorCode.PROFILE_LOCK_INVALID,
        limit: left,
      });
    await expect(service.unlock(accountId, locked._id, undefined)).rejects.toMatchObject({
      code: ErrorCode.PROFILE_LOCK_WAIT,
      retryAfterSeconds: 300,
    });
    await expect(service.unlock(accountId, locked._id, '1234')).rejects.toMatchObject({
      code: ErrorCode.PROFILE_LOCK_WAIT,
    });
    store.rows.find((row) => row._id === locked._id)!.lock.lockedUntil = new Date(Date.now() - 1);
    await expect(service.unlock(accountId, locked._id, '1234')).resolves.toBeUndefined();
    await expect(service.unlock(accountId, randomUUID(), '1234')).rejects.toMatchObject({
      code: ErrorCode.NOT_FOUND,
    });
    expect(await hashLock('1234')).not.toContain('1234');
    // Eight scrypt derivations, each tens of milliseconds on a quiet machine: the unit stage runs at
    // nice 10 beside the browser stage, where this case once took more than jest's 5 s.
  }, 30_000);
});
