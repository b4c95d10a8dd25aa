import { randomUUID } from 'node:crypto';
import { Events, Subjects, type UserDeleted, type VideoStatus } from '@chitram/contracts';
import { busSubject, connectNats, Outbox, RpcClient, type EventEnvelope } from '@chitram/nest-kit';
import type { EntityManager } from 'typeorm';
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

  const movie = async () => (await rpc.call(Subjects.catalog.movies.create, movieInput())).movie;
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

  it("commits a progress report without waiting for the disk, and leaves the pool's other transactions durable", async () => {
    const outbox = new Outbox(catalog.dataSource);
    const setting = (manager: EntityManager) =>
      manager
        .query('SHOW synchronous_commit')
        .then((rows: Array<{ synchronous_commit: string }>) => rows[0].synchronous_commit);
    await expect(outbox.transaction(setting, { synchronousCommit: false })).resolves.toBe('off');
    // SET LOCAL ends with its transaction: the connection goes back to the pool as it came.
    const after = await Promise.all(Array.from({ length: 4 }, () => outbox.transaction(setting)));
    expect(after).toEqual(['on', 'on', 'on', 'on']);
    // The service's own reports take the same way (WatchingService.save), and their places are kept.
    const viewer = randomUUID();
    const film = await movie();
    await report(viewer, film._id, 321);
    expect(
      await rpc.call(watch.position, { viewerId: viewer, kind: 'movie', titleId: film._id }),
    ).toMatchObject({
      positionSeconds: 321,
    });
  });

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
    const payload: UserDeleted = { viewerId: viewer, deletedAt: new Date().toISOString() };
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

  // The admin's viewer page said "0:16 of 0:00": a report without the title's length (the player's first
  // beat, before the video's metadata, or a player closed before it loaded) wiped out the known one.
  it('keeps a title’s length when the player cannot say it, and knows a video’s length from media', async () => {
    const viewer = randomUUID();
    const film = await movie();
    await report(viewer, film._id, 600);
    await report(viewer, film._id, 616, 0);
    expect(
      await rpc.call(watch.position, { viewerId: viewer, kind: 'movie', titleId: film._id }),
    ).toMatchObject({ positionSeconds: 616, durationSeconds: 5400 });

    // A title whose video media has measured: a first report without a length takes the video's.
    const short = await movie();
    const status: VideoStatus = {
      videoId: randomUUID(),
      ownerKind: 'movie',
      ownerId: short._id,
      state: 'ready',
      progress: 100,
      error: null,
      renditions: [360],
      durationSeconds: 64.2,
      posterUrl: null,
      hasTrickplay: false,
      markers: {},
      updatedAt: new Date().toISOString(),
    };
    const envelope: EventEnvelope<VideoStatus> = {
      id: randomUUID(),
      subject: Events.videoStateChanged,
      occurredAt: status.updatedAt,
      payload: status,
    };
    await nats
      .jetstream()
      .publish(busSubject(isolation.env, Events.videoStateChanged), JSONCodec().encode(envelope), {
        msgID: envelope.id,
      });
    await waitFor(async () => {
      const [row] = await catalog.dataSource.query(
        `SELECT "video_duration_seconds" AS "seconds" FROM "movie" WHERE "id" = $1`,
        [short._id],
      );
      return row?.seconds === 64.2;
    }, 10_000);
    await report(viewer, short._id, 16, 0);
    const history = await rpc.call(Subjects.catalog.reports.watchHistory, { viewerId: viewer });
    expect(history.find((entry) => entry.titleId === short._id)).toMatchObject({
      positionSeconds: 16,
      durationSeconds: 64,
      finished: false,
    });
  });
});
