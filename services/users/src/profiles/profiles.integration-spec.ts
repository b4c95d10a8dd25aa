import { randomUUID } from 'node:crypto';
import { ErrorCode, Events, MAX_PROFILES, Subjects, type ProfileDeletedEvent } from '@chitram/contracts';
import { busSubject, connectNats, RpcClient } from '@chitram/nest-kit';
import {
  isolatedEnv,
  startTestService,
  testInfrastructure,
  waitFor,
  type TestService,
} from '@chitram/test-helpers';
import { JSONCodec, type NatsConnection } from 'nats';
import { Profiles1795400700000 } from '../migrations/1795400700000-Profiles';
import { usersService } from '../service';

// Profiles in the users service (issue 22, D37), on real Postgres, NATS and JetStream.

describe('the users service keeps each account’s profiles', () => {
  const isolation = isolatedEnv();
  let users: TestService;
  let nats: NatsConnection;
  let rpc: RpcClient;
  const profiles = Subjects.users.profiles;
  let nextNumber = 7_100_000_000 + Math.floor(Math.random() * 800_000_000);
  const signUp = () => rpc.call(Subjects.users.findOrCreateViewer, { phoneNumber: `+91${nextNumber++}` });
  const kid = (name: string) => ({ name, avatar: 'tiger' as const, maturity: 'kids' as const });
  const announced: ProfileDeletedEvent[] = [];

  beforeAll(async () => {
    users = await startTestService(usersService, { env: isolation.env });
    nats = await connectNats(testInfrastructure().NATS_URL, 'users-profiles-test');
    rpc = new RpcClient(nats, 5000);
    const codec = JSONCodec<{ payload: ProfileDeletedEvent }>();
    const heard = nats.subscribe(busSubject(isolation.env, Events.profileDeleted));
    void (async () => {
      for await (const message of heard) announced.push(codec.decode(message.data).payload);
    })();
  });

  afterAll(async () => {
    await nats?.close();
    await users?.destroy();
    await isolation.cleanUp();
  });

  it('gives a new account its first profile, with the viewer’s id, as an adult’s', async () => {
    const viewer = await signUp();
    expect(await rpc.call(profiles.list, { accountId: viewer._id })).toEqual([
      expect.objectContaining({
        _id: viewer._id,
        name: 'Me',
        maturity: 'adult',
        isFirst: true,
        interfaceLanguage: null,
      }),
    ]);
    // Signing in again makes no second one.
    await rpc.call(Subjects.users.findOrCreateViewer, { phoneNumber: viewer.phoneNumber });
    expect(await rpc.call(profiles.list, { accountId: viewer._id })).toHaveLength(1);
  });

  it('creates up to five, names unique in the account, and changes only what is sent', async () => {
    const viewer = await signUp();
    const accountId = viewer._id;
    const asha = await rpc.call(profiles.create, { accountId, ...kid('Asha'), interfaceLanguage: 'ta' });
    expect(asha).toMatchObject({ name: 'Asha', avatar: 'tiger', maturity: 'kids', interfaceLanguage: 'ta' });
    await expect(rpc.call(profiles.create, { accountId, ...kid('ASHA') })).rejects.toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
      fields: { name: expect.any(Array) },
    });
    for (const name of ['Ravi', 'Meena', 'Dadi'])
      await rpc.call(profiles.create, { accountId, ...kid(name) });
    await expect(rpc.call(profiles.create, { accountId, ...kid('Sixth') })).rejects.toMatchObject({
      code: ErrorCode.PROFILE_LIMIT_REACHED,
    });
    expect(await rpc.call(profiles.list, { accountId })).toHaveLength(MAX_PROFILES);

    const renamed = await rpc.call(profiles.update, {
      accountId,
      profileId: asha._id,
      name: '  Asha K ',
      maturity: 'kids-ua',
    });
    expect(renamed).toMatchObject({
      name: 'Asha K',
      avatar: 'tiger',
      maturity: 'kids-ua',
      interfaceLanguage: 'ta',
    });
    expect(
      await rpc.call(profiles.update, { accountId, profileId: asha._id, interfaceLanguage: null }),
    ).toMatchObject({ interfaceLanguage: null, name: 'Asha K' });
    await expect(
      rpc.call(profiles.update, { accountId, profileId: asha._id, name: 'ravi' }),
    ).rejects.toMatchObject({ code: ErrorCode.VALIDATION_FAILED, fields: { name: expect.any(Array) } });
    await expect(
      rpc.call(profiles.update, { accountId, profileId: accountId, maturity: 'kids' }),
    ).rejects.toMatchObject({ code: ErrorCode.VALIDATION_FAILED, fields: { maturity: expect.any(Array) } });
  });

  it('refuses bad input naming the field', async () => {
    const { _id: accountId } = await signUp();
    for (const [request, field] of [
      [{ accountId, ...kid('') }, 'name'],
      [{ accountId, ...kid('x'.repeat(21)) }, 'name'],
      [{ accountId, ...kid('Ok'), avatar: 'https://example.com/a.png' }, 'avatar'],
      [{ accountId, ...kid('Ok'), maturity: 'teen' }, 'maturity'],
      [{ accountId, ...kid('Ok'), interfaceLanguage: 'fr' }, 'interfaceLanguage'],
    ] as const) {
      await expect(rpc.call(profiles.create, request as never)).rejects.toMatchObject({
        code: ErrorCode.VALIDATION_FAILED,
        fields: { [field]: expect.any(Array) },
      });
    }
    expect(await rpc.call(profiles.list, { accountId })).toHaveLength(1);
  });

  it('never reaches another account’s profile', async () => {
    const [one, other] = [await signUp(), await signUp()];
    const theirs = await rpc.call(profiles.create, { accountId: other._id, ...kid('Theirs') });
    for (const call of [
      rpc.call(profiles.get, { accountId: one._id, profileId: theirs._id }),
      rpc.call(profiles.update, { accountId: one._id, profileId: theirs._id, name: 'Mine' }),
      rpc.call(profiles.delete, { accountId: one._id, profileId: theirs._id }),
    ])
      await expect(call).rejects.toMatchObject({ code: ErrorCode.NOT_FOUND });
    expect(await rpc.call(profiles.get, { accountId: other._id, profileId: theirs._id })).toMatchObject({
      name: 'Theirs',
    });
  });

  it('deletes a profile with its list and announces it; the first profile stays', async () => {
    const { _id: accountId } = await signUp();
    const child = await rpc.call(profiles.create, { accountId, ...kid('Chotu') });
    const film = randomUUID();
    await rpc.call(Subjects.users.myList.add, { profileId: child._id, kind: 'movie', titleId: film });
    await rpc.call(Subjects.users.myList.add, { profileId: accountId, kind: 'movie', titleId: film });
    await expect(rpc.call(profiles.delete, { accountId, profileId: accountId })).rejects.toMatchObject({
      code: ErrorCode.FIRST_PROFILE_KEPT,
    });
    expect(await rpc.call(profiles.delete, { accountId, profileId: child._id })).toEqual({ deleted: true });
    await expect(rpc.call(profiles.delete, { accountId, profileId: child._id })).rejects.toMatchObject({
      code: ErrorCode.NOT_FOUND,
    });
    expect(await rpc.call(Subjects.users.myList.list, { profileId: child._id })).toEqual([]);
    expect(await rpc.call(Subjects.users.myList.list, { profileId: accountId })).toHaveLength(1);
    await waitFor(async () => announced.some((event) => event.profileId === child._id), 10_000);
    expect(announced.find((event) => event.profileId === child._id)).toMatchObject({ accountId });
  });

  it('deleting the account deletes every profile and its list, and announces the other profiles', async () => {
    const { _id: accountId } = await signUp();
    const child = await rpc.call(profiles.create, { accountId, ...kid('Munni') });
    await rpc.call(Subjects.users.myList.add, { profileId: child._id, kind: 'movie', titleId: randomUUID() });
    await rpc.call(Subjects.users.deleteViewer, { id: accountId });
    expect(await rpc.call(profiles.list, { accountId })).toEqual([]);
    expect(await rpc.call(Subjects.users.myList.list, { profileId: child._id })).toEqual([]);
    await waitFor(async () => announced.some((event) => event.profileId === child._id), 10_000);
  });

  it('keeps a profile lock hashed, and after five wrong tries takes none for a while', async () => {
    const { _id: accountId } = await signUp();
    const locked = await rpc.call(profiles.create, { accountId, ...kid('Locked'), lock: '2580' });
    expect(locked.hasLock).toBe(true);
    const [{ lock_hash: stored }] = await users.dataSource.query<Array<{ lock_hash: string }>>(
      `SELECT "lock_hash" FROM "profile" WHERE "id" = $1`,
      [locked._id],
    );
    expect(stored).not.toContain('2580');
    const unlock = (lock?: string) =>
      rpc.call(profiles.unlock, { accountId, profileId: locked._id, ...(lock ? { lock } : {}) });
    await expect(unlock('2580')).resolves.toEqual({ unlocked: true });
    await expect(unlock()).rejects.toMatchObject({ code: ErrorCode.PROFILE_LOCK_INVALID, limit: 4 });
    for (const left of [3, 2, 1])
      await expect(unlock('0000')).rejects.toMatchObject({
        code: ErrorCode.PROFILE_LOCK_INVALID,
        limit: left,
      });
    await expect(unlock('0000')).rejects.toMatchObject({
      code: ErrorCode.PROFILE_LOCK_WAIT,
      retryAfterSeconds: 300,
    });
    // The right digits wait too.
    await expect(unlock('2580')).rejects.toMatchObject({ code: ErrorCode.PROFILE_LOCK_WAIT });
    await users.dataSource.query(
      `UPDATE "profile" SET "locked_until" = now() - interval '1 second' WHERE "id" = $1`,
      [locked._id],
    );
    await expect(unlock('2580')).resolves.toEqual({ unlocked: true });
    // A profile without a lock passes; taking the lock off leaves none to ask.
    await expect(rpc.call(profiles.unlock, { accountId, profileId: accountId })).resolves.toEqual({
      unlocked: true,
    });
    expect(await rpc.call(profiles.update, { accountId, profileId: locked._id, lock: null })).toMatchObject({
      hasLock: false,
    });
    await expect(unlock()).resolves.toEqual({ unlocked: true });
    await expect(
      rpc.call(profiles.update, { accountId, profileId: locked._id, lock: '12a4' }),
    ).rejects.toMatchObject({ code: ErrorCode.VALIDATION_FAILED, fields: { lock: expect.any(Array) } });
  });

  it('keeps an existing viewer’s language and list through the migration: the first profile is the viewer', async () => {
    const db = users.dataSource;
    // Back to before profiles (every later migration, the lock, then the profiles), with a viewer of that
    // time who chose Tamil and kept a film.
    const executed = async () =>
      (await db.query<Array<{ name: string }>>(`SELECT "name" FROM "schema_migrations"`)).map((m) => m.name);
    while ((await executed()).includes(new Profiles1795400700000().name)) await db.undoLastMigration();
    const [{ id }] = await db.query<Array<{ id: string }>>(
      `INSERT INTO "viewer" ("phone_number", "interface_language") VALUES ($1, 'ta') RETURNING "id"`,
      [`+91${nextNumber++}`],
    );
    const film = randomUUID();
    await db.query(
      `INSERT INTO "my_list_entry" ("profile_id", "title_id", "kind") VALUES ($1, $2, 'movie')`,
      [id, film],
    );
    await db.runMigrations();
    expect(await rpc.call(profiles.list, { accountId: id })).toEqual([
      expect.objectContaining({
        _id: id,
        name: 'Me',
        interfaceLanguage: 'ta',
        maturity: 'adult',
        isFirst: true,
      }),
    ]);
    expect(await rpc.call(Subjects.users.preferences.get, { id })).toEqual({ interfaceLanguage: 'ta' });
    expect(
      (await rpc.call(Subjects.users.myList.list, { profileId: id })).map((entry) => entry.titleId),
    ).toEqual([film]);
  });
});
