import { randomUUID } from 'node:crypto';
import { ErrorCode, Events, Subjects, type UserDeleted } from '@chitram/contracts';
import { busSubject, connectNats, RpcClient, type EventEnvelope } from '@chitram/nest-kit';
import {
  isolatedEnv,
  startTestService,
  testInfrastructure,
  waitFor,
  type TestService,
} from '@chitram/test-helpers';
import { AckPolicy, DeliverPolicy, JSONCodec, type NatsConnection } from 'nats';
import { usersService } from '../service';

let nextPhone = 6_000_000_000 + Math.floor(Math.random() * 900_000_000);
const freshPhone = () => `+91${nextPhone++}`;

describe('viewer accounts in the users service (real Postgres, NATS and JetStream)', () => {
  const isolation = isolatedEnv();
  let users: TestService;
  let nats: NatsConnection;
  let rpc: RpcClient;

  const findOrCreate = (phoneNumber: string) => rpc.call(Subjects.users.findOrCreateViewer, { phoneNumber });
  const get = (id: string) => rpc.call(Subjects.users.getViewer, { id });
  const remove = (id: string) => rpc.call(Subjects.users.deleteViewer, { id });

  /** Every user.deleted event on this test's stream, read with a throw-away consumer. */
  async function publishedDeletions(): Promise<Array<EventEnvelope<UserDeleted>>> {
    const jsm = await nats.jetstreamManager();
    const name = `reader_${randomUUID().slice(0, 8)}`;
    await jsm.consumers.add(isolation.env.EVENTS_STREAM, {
      name,
      filter_subject: busSubject(isolation.env, Events.userDeleted),
      ack_policy: AckPolicy.None,
      deliver_policy: DeliverPolicy.All,
      inactive_threshold: 30_000_000_000,
    });
    const consumer = await nats.jetstream().consumers.get(isolation.env.EVENTS_STREAM, name);
    const info = await consumer.info();
    const events: Array<EventEnvelope<UserDeleted>> = [];
    if (info.num_pending > 0) {
      const batch = await consumer.fetch({ max_messages: info.num_pending, expires: 2000 });
      for await (const message of batch) {
        events.push(JSONCodec<EventEnvelope<UserDeleted>>().decode(message.data));
        if (events.length === info.num_pending) break;
      }
    }
    await jsm.consumers.delete(isolation.env.EVENTS_STREAM, name);
    return events;
  }

  beforeAll(async () => {
    users = await startTestService(usersService, { env: isolation.env });
    nats = await connectNats(testInfrastructure().NATS_URL, 'users-test');
    rpc = new RpcClient(nats, 5000);
  });

  afterAll(async () => {
    await nats?.close();
    await users?.destroy();
    await isolation.cleanUp();
  });

  it("creates an account on a number's first sign-in and finds the same one afterwards", async () => {
    const phone = freshPhone();
    const created = await findOrCreate(phone);
    expect(created).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      phoneNumber: phone,
      createdAt: expect.any(String),
      lastSeenAt: expect.any(String),
    });
    // The clock has passed the first sign-in, so a later one is seen later.
    await waitFor(async () => Date.now() > Date.parse(created.lastSeenAt), 1000, 1);
    const again = await findOrCreate(phone);
    expect(again._id).toBe(created._id);
    expect(again.createdAt).toBe(created.createdAt);
    expect(again.lastSeenAt > created.lastSeenAt).toBe(true);
    expect(await get(created._id)).toEqual(again);
  });

  it('makes one account when the first two sign-ins of a number arrive together', async () => {
    const phone = freshPhone();
    const viewers = await Promise.all(Array.from({ length: 5 }, () => findOrCreate(phone)));
    expect(new Set(viewers.map((v) => v._id)).size).toBe(1);
  });

  it('accepts only the stored phone form and real ids', async () => {
    await expect(findOrCreate('9876543210')).rejects.toMatchObject({ code: ErrorCode.VALIDATION_FAILED });
    await expect(get('not-an-id')).rejects.toMatchObject({ code: ErrorCode.VALIDATION_FAILED });
    await expect(get(randomUUID())).rejects.toMatchObject({ code: ErrorCode.NOT_FOUND });
  });

  it('deletes an account and publishes user.deleted through the outbox, once', async () => {
    const phone = freshPhone();
    const viewer = await findOrCreate(phone);
    await remove(viewer._id);
    await expect(get(viewer._id)).rejects.toMatchObject({ code: ErrorCode.NOT_FOUND });

    const rows: Array<{ id: string; subject: string; payload: UserDeleted; published_at: Date | null }> =
      await users.dataSource.query(
        'SELECT * FROM "outbox_event" WHERE "subject" = $2 AND "payload"->>\'viewerId\' = $1',
        [viewer._id, Events.userDeleted],
      );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ subject: Events.userDeleted, payload: { viewerId: viewer._id } });
    // The payload names the account, not the person: no phone number travels.
    expect(JSON.stringify(rows[0].payload)).not.toContain(phone.slice(3));

    await waitFor(async () => {
      const [row] = await users.dataSource.query(
        'SELECT "published_at" FROM "outbox_event" WHERE "id" = $1',
        [rows[0].id],
      );
      return row.published_at !== null;
    });
    const published = (await publishedDeletions()).filter((e) => e.payload.viewerId === viewer._id);
    expect(published).toEqual([
      {
        id: rows[0].id,
        subject: Events.userDeleted,
        occurredAt: expect.any(String),
        payload: { viewerId: viewer._id, deletedAt: expect.any(String) },
      },
    ]);

    // Deleting again finds nothing and announces nothing.
    await expect(remove(viewer._id)).rejects.toMatchObject({ code: ErrorCode.NOT_FOUND });
    const after: unknown[] = await users.dataSource.query(
      'SELECT 1 FROM "outbox_event" WHERE "subject" = $2 AND "payload"->>\'viewerId\' = $1',
      [viewer._id, Events.userDeleted],
    );
    expect(after).toHaveLength(1);
  });

  it('lets a deleted number sign up again as a new account', async () => {
    const phone = freshPhone();
    const first = await findOrCreate(phone);
    await remove(first._id);
    const second = await findOrCreate(phone);
    expect(second._id).not.toBe(first._id);
    expect(second.phoneNumber).toBe(phone);
  });

  it('publishes events written while the stream was missing once it is back', async () => {
    const jsm = await nats.jetstreamManager();
    await jsm.streams.delete(isolation.env.EVENTS_STREAM);
    const viewer = await findOrCreate(freshPhone());
    await remove(viewer._id);
    await waitFor(
      async () => (await publishedDeletions().catch(() => [])).some((e) => e.payload.viewerId === viewer._id),
      15_000,
    );
  });
});
