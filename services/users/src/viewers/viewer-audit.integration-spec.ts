import { randomUUID } from 'node:crypto';
import { Events, Subjects, type AdminActionRecorded } from '@chitram/contracts';
import { connectNats, RpcClient } from '@chitram/nest-kit';
import { isolatedEnv, startTestService, testInfrastructure, type TestService } from '@chitram/test-helpers';
import type { NatsConnection } from 'nats';
import { usersService } from '../service';

let nextPhone = 7_000_000_000 + Math.floor(Math.random() * 900_000_000);
const freshPhone = () => `+91${nextPhone++}`;

/**
 * A viewer deleted by an admin is recorded for the audit trail (issue 9) in the deletion's own
 * transaction, the number masked (D25: the profile goes); a viewer deleting their own account is not
 * an admin's write and leaves no entry.
 */
describe('viewer deletions recorded for the audit trail', () => {
  const isolation = isolatedEnv();
  const actor = { adminId: randomUUID(), sessionId: randomUUID(), address: '2001:db8::7' };
  let users: TestService;
  let nats: NatsConnection;
  let rpc: RpcClient;

  const signUp = (phoneNumber: string) => rpc.call(Subjects.users.findOrCreateViewer, { phoneNumber });
  const recorded = async (viewerId: string): Promise<AdminActionRecorded[]> => {
    const rows: Array<{ payload: AdminActionRecorded }> = await users.dataSource.query(
      `SELECT "payload" FROM "outbox_event" WHERE "subject" = $1 AND "payload"->'entity'->>'id' = $2`,
      [Events.adminActionRecorded, viewerId],
    );
    return rows.map((row) => row.payload);
  };

  beforeAll(async () => {
    users = await startTestService(usersService, { env: isolation.env });
    nats = await connectNats(testInfrastructure().NATS_URL, 'viewer-audit-test');
    rpc = new RpcClient(nats, 5000);
  });
  afterAll(async () => {
    await nats?.close();
    await users?.destroy();
    await isolation.cleanUp();
  });

  it('records who deleted which viewer, with the number masked', async () => {
    const phone = freshPhone();
    const viewer = await signUp(phone);
    await rpc.call(Subjects.users.deleteViewer, { id: viewer._id, actor });
    const masked = `+91 ${phone.slice(3, 5)}•••••${phone.slice(-3)}`;
    expect(await recorded(viewer._id)).toEqual([
      {
        actor,
        action: 'deleted',
        entity: { type: 'viewer', id: viewer._id, label: masked },
        changes: [
          { field: 'phoneNumber', before: masked, after: null },
          { field: 'signedUpAt', before: viewer.createdAt, after: null },
          { field: 'lastSeenAt', before: viewer.lastSeenAt, after: null },
        ],
        note: null,
      },
    ]);
    const outbox: Array<{ payload: unknown }> = await users.dataSource.query(
      `SELECT "payload" FROM "outbox_event"`,
    );
    expect(JSON.stringify(outbox)).not.toContain(phone.slice(3));
  });

  it('records nothing when viewers delete their own account', async () => {
    const viewer = await signUp(freshPhone());
    await rpc.call(Subjects.users.deleteViewer, { id: viewer._id });
    expect(await recorded(viewer._id)).toEqual([]);
  });
});
