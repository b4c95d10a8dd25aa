import { randomUUID } from 'node:crypto';
import { Events, Subjects, type MovieSaved, type UserDeleted } from '@chitram/contracts';
import { busSubject, connectNats, RpcClient, type EventEnvelope } from '@chitram/nest-kit';
import {
  isolatedEnv,
  startTestService,
  testInfrastructure,
  waitFor,
  type TestService,
} from '@chitram/test-helpers';
import { JSONCodec, type NatsConnection } from 'nats';
import { catalogService } from '../service';
import { movieInput } from '../testing/fixtures';

// Continue watching and the plays and watch time it announces (issue 8, DECISIONS D12, D25).

describe('continue watching', () => {
  const isolation = isolatedEnv();
  let catalog: TestService;
  let nats: NatsConnection;
  let rpc: RpcClient;
  const watch = Subjects.catalog.watch;

  beforeAll(async () => {
    catalog = await startTestService(catalogService, { env: isolation.env });
    nats = await connectNats(testInfrastructure().NATS_URL, 'watching-test');
    rpc = new RpcClient(nats, 5000);
  });
  afterAll(async () => {
    await nats?.close();
    await catalog?.destroy();
    await isolation.cleanUp();
  });

  const movie = async () =>
    (await rpc.request<MovieSaved>(Subjects.catalog.movies.create, movieInput())).movie;
  const report = (viewerId: string, titleId: string, positionSeconds: number, durationSeconds = 5400) =>
    rpc.call(watch.save, {
      viewerId,
      kind: 'movie',
      titleId,
      positionSeconds,
      durationSeconds,
      deviceClass: 'website',
    });
  const events = async (viewerId: string) =>
    (
      await catalog.dataSource.query(
        `SELECT "subject", "payload" FROM "outbox_event" WHERE "payload"->>'viewerId' = $1 ORDER BY "created_at", "id"`,
        [viewerId],
      )
    ).map((r: { subject: string; payload: { seconds?: number } }) => [r.subject, r.payload.seconds ?? null]);

  it('resumes where the viewer left off, lists unfinished films newest first, and drops a finished one', async () => {
    const viewer = randomUUID();
    const [first, second] = [await movie(), await movie()];
    await report(viewer, first._id, 600);
    await report(viewer, second._id, 42);
    expect(
      await rpc.call(watch.position, { viewerId: viewer, kind: 'movie', titleId: first._id }),
    ).toMatchObject({
      positionSeconds: 600,
      durationSeconds: 5400,
    });
    const rail = await rpc.call(watch.continueWatching, { viewerId: viewer });
    expect(rail.map((r) => [r.movie?.title, r.positionSeconds])).toEqual([
      [second.title, 42],
      [first.title, 600],
    ]);
    // Twenty seconds before the end the film is still on the rail; in its end credits it leaves.
    await report(viewer, first._id, 5380);
    expect((await rpc.call(watch.continueWatching, { viewerId: viewer })).map((r) => r.titleId)).toEqual([
      first._id,
      second._id,
    ]);
    await report(viewer, first._id, 5390);
    expect((await rpc.call(watch.continueWatching, { viewerId: viewer })).map((r) => r.titleId)).toEqual([
      second._id,
    ]);
    expect(
      await rpc.call(watch.position, { viewerId: viewer, kind: 'movie', titleId: first._id }),
    ).toBeNull();
    // Another viewer has nothing on their rail.
    expect(await rpc.call(watch.continueWatching, { viewerId: randomUUID() })).toEqual([]);
  });

  it('announces a play once, then the seconds watched between reports', async () => {
    const viewer = randomUUID();
    const film = await movie();
    await report(viewer, film._id, 0);
    await new Promise((r) => setTimeout(r, 1100));
    await report(viewer, film._id, 1);
    expect(await events(viewer)).toEqual([
      [Events.playStarted, null],
      [Events.watchTimeRecorded, 1],
    ]);
  });

  it('forgets a deleted account’s watch data (D25)', async () => {
    const viewer = randomUUID();
    await report(viewer, (await movie())._id, 120);
    const payload: UserDeleted = { userId: viewer, deletedAt: new Date().toISOString() };
    const envelope: EventEnvelope<UserDeleted> = {
      id: randomUUID(),
      subject: Events.userDeleted,
      occurredAt: payload.deletedAt,
      payload,
    };
    await nats
      .jetstream()
      .publish(busSubject(isolation.env, Events.userDeleted), JSONCodec().encode(envelope), {
        msgID: envelope.id,
      });
    await waitFor(
      async () => (await rpc.call(watch.continueWatching, { viewerId: viewer })).length === 0,
      10_000,
    );
  });
});
