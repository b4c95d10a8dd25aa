import { randomUUID } from 'node:crypto';
import { ErrorCode, Events, Subjects, type CatalogueTitlesRemoved } from '@chitram/contracts';
import { busSubject, connectNats, RpcClient, type EventEnvelope } from '@chitram/nest-kit';
import {
  isolatedEnv,
  startTestService,
  testInfrastructure,
  waitFor,
  type TestService,
} from '@chitram/test-helpers';
import { JSONCodec, type NatsConnection } from 'nats';
import { usersService } from '../service';

// My List in the users service (issue 22, D31), on real Postgres, NATS and JetStream: the catalog's and
// the service's own events published as their outbox relays would.

describe('the users service keeps each profile’s My List', () => {
  const isolation = isolatedEnv();
  let users: TestService;
  let nats: NatsConnection;
  let rpc: RpcClient;
  const myList = Subjects.users.myList;

  const publish = async <T>(subject: string, payload: T) => {
    const envelope: EventEnvelope<T> = {
      id: randomUUID(),
      subject,
      occurredAt: new Date().toISOString(),
      payload,
    };
    await nats
      .jetstream()
      .publish(busSubject(isolation.env, subject), JSONCodec().encode(envelope), { msgID: envelope.id });
  };
  const titlesOf = async (profileId: string) =>
    (await rpc.call(myList.list, { profileId })).map((entry) => entry.titleId);

  beforeAll(async () => {
    users = await startTestService(usersService, { env: isolation.env });
    nats = await connectNats(testInfrastructure().NATS_URL, 'users-my-list-test');
    rpc = new RpcClient(nats, 5000);
  });

  afterAll(async () => {
    await nats?.close();
    await users?.destroy();
    await isolation.cleanUp();
  });

  it('adds a title once however often it is added, lists newest first, and removes it', async () => {
    const profileId = randomUUID();
    const [film, episode] = [randomUUID(), randomUUID()];
    const first = await rpc.call(myList.add, { profileId, kind: 'movie', titleId: film });
    await rpc.call(myList.add, { profileId, kind: 'episode', titleId: episode });
    const again = await rpc.call(myList.add, { profileId, kind: 'movie', titleId: film });
    expect(again).toEqual(first);
    expect(await rpc.call(myList.list, { profileId })).toEqual([
      expect.objectContaining({ kind: 'episode', titleId: episode }),
      expect.objectContaining({ kind: 'movie', titleId: film }),
    ]);
    expect(await rpc.call(myList.remove, { profileId, titleId: film })).toEqual({ removed: true });
    expect(await rpc.call(myList.remove, { profileId, titleId: film })).toEqual({ removed: false });
    expect(await titlesOf(profileId)).toEqual([episode]);
    // Another profile's list is its own.
    expect(await titlesOf(randomUUID())).toEqual([]);
  });

  it('refuses what is not an id or a kind, naming the field', async () => {
    const profileId = randomUUID();
    for (const [request, field] of [
      [{ profileId: 'me', kind: 'movie', titleId: randomUUID() }, 'profileId'],
      [{ profileId, kind: 'movie', titleId: '42' }, 'titleId'],
      [{ profileId, kind: 'series', titleId: randomUUID() }, 'kind'],
    ] as const) {
      await expect(rpc.call(myList.add, request as never)).rejects.toMatchObject({
        code: ErrorCode.VALIDATION_FAILED,
        fields: { [field]: expect.any(Array) },
      });
    }
    expect(await titlesOf(profileId)).toEqual([]);
  });

  it('drops deleted titles from every list, the same event twice doing no harm', async () => {
    const [one, other] = [randomUUID(), randomUUID()];
    const [gone, goneEpisode, kept] = [randomUUID(), randomUUID(), randomUUID()];
    for (const profileId of [one, other]) {
      await rpc.call(myList.add, { profileId, kind: 'movie', titleId: kept });
      await rpc.call(myList.add, { profileId, kind: 'movie', titleId: gone });
      await rpc.call(myList.add, { profileId, kind: 'episode', titleId: goneEpisode });
    }
    const removed: CatalogueTitlesRemoved = {
      titles: [
        { kind: 'movie', titleId: gone },
        { kind: 'episode', titleId: goneEpisode },
      ],
    };
    await publish(Events.catalogTitlesRemoved, removed);
    await publish(Events.catalogTitlesRemoved, removed);
    for (const profileId of [one, other]) {
      await waitFor(async () => (await titlesOf(profileId)).length === 1, 10_000);
      expect(await titlesOf(profileId)).toEqual([kept]);
    }
  });

  it("drops a deleted account's list (its first profile has the viewer's id)", async () => {
    const viewer = await rpc.call(Subjects.users.findOrCreateViewer, { phoneNumber: '+919822223333' });
    const stays = randomUUID();
    const film = randomUUID();
    await rpc.call(myList.add, { profileId: viewer._id, kind: 'movie', titleId: film });
    await rpc.call(myList.add, { profileId: stays, kind: 'movie', titleId: film });
    await rpc.call(Subjects.users.deleteViewer, { id: viewer._id });
    await waitFor(async () => (await titlesOf(viewer._id)).length === 0, 10_000);
    expect(await titlesOf(stays)).toEqual([film]);
  });
});
