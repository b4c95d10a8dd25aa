import { ErrorCode, INTERFACE_LANGUAGE_CODES, Subjects } from '@chitram/contracts';
import { connectNats, RpcClient } from '@chitram/nest-kit';
import { isolatedEnv, startTestService, testInfrastructure, type TestService } from '@chitram/test-helpers';
import type { NatsConnection } from 'nats';
import { usersService } from '../service';

// A viewer's interface language kept with their account (issue 11), on real Postgres and NATS.

describe("the users service keeps a viewer's interface language", () => {
  const isolation = isolatedEnv();
  let users: TestService;
  let nats: NatsConnection;
  let rpc: RpcClient;
  const preferences = Subjects.users.preferences;
  let nextNumber = 7_000_000_000 + Math.floor(Math.random() * 900_000_000);
  const signUp = () => rpc.call(Subjects.users.findOrCreateViewer, { phoneNumber: `+91${nextNumber++}` });

  beforeAll(async () => {
    users = await startTestService(usersService, { env: isolation.env });
    nats = await connectNats(testInfrastructure().NATS_URL, 'users-preferences-test');
    rpc = new RpcClient(nats, 5000);
  });

  afterAll(async () => {
    await nats?.close();
    await users?.destroy();
    await isolation.cleanUp();
  });

  it('has none for a new account, then keeps each of the eight languages chosen', async () => {
    const viewer = await signUp();
    expect(await rpc.call(preferences.get, { id: viewer._id })).toEqual({ interfaceLanguage: null });
    for (const language of INTERFACE_LANGUAGE_CODES) {
      expect(await rpc.call(preferences.update, { id: viewer._id, interfaceLanguage: language })).toEqual({
        interfaceLanguage: language,
      });
      expect(await rpc.call(preferences.get, { id: viewer._id })).toEqual({ interfaceLanguage: language });
    }
  });

  it('refuses a language the interface does not speak, and the database would too', async () => {
    const viewer = await signUp();
    await rpc.call(preferences.update, { id: viewer._id, interfaceLanguage: 'ta' });
    await expect(
      rpc.call(preferences.update, { id: viewer._id, interfaceLanguage: 'fr' as 'ta' }),
    ).rejects.toMatchObject({ code: ErrorCode.VALIDATION_FAILED });
    await expect(
      users.dataSource.query(`UPDATE "viewer" SET "interface_language" = 'fr' WHERE "id" = $1`, [viewer._id]),
    ).rejects.toThrow(/CHK_viewer_interface_language/);
    expect(await rpc.call(preferences.get, { id: viewer._id })).toEqual({ interfaceLanguage: 'ta' });
  });

  it('answers NOT_FOUND for an account that does not exist', async () => {
    const gone = await signUp();
    await rpc.call(Subjects.users.deleteViewer, { id: gone._id });
    await expect(rpc.call(preferences.get, { id: gone._id })).rejects.toMatchObject({
      code: ErrorCode.NOT_FOUND,
    });
    await expect(
      rpc.call(preferences.update, { id: gone._id, interfaceLanguage: 'hi' }),
    ).rejects.toMatchObject({ code: ErrorCode.NOT_FOUND });
  });
});
