import { randomUUID } from 'node:crypto';
import { ErrorCode, Subjects } from '@chitram/contracts';
import { connectNats, RpcClient } from '@chitram/nest-kit';
import { isolatedEnv, startTestService, testInfrastructure, type TestService } from '@chitram/test-helpers';
import type { NatsConnection } from 'nats';
import { catalogService } from '../service';
import { episodeInput, movieInput, seriesInput } from '../testing/fixtures';

// The catalogue's parts of the back office (DECISIONS D13, D25), on real Postgres and NATS, in a
// database of this test's own.

describe("the catalogue's reports for the back office", () => {
  const isolation = isolatedEnv();
  let catalog: TestService;
  let nats: NatsConnection;
  let rpc: RpcClient;
  const reports = Subjects.catalog.reports;

  const movie = async (title: string) =>
    (await rpc.call(Subjects.catalog.movies.create, movieInput({ title }))).movie;
  const videoState = (table: 'movie' | 'episode', id: string, state: string) =>
    catalog.dataSource.query(`UPDATE "${table}" SET "video_id" = $2, "video_state" = $3 WHERE "id" = $1`, [
      id,
      randomUUID(),
      state,
    ]);
  const watch = (viewerId: string, kind: 'movie' | 'episode', titleId: string, positionSeconds: number) =>
    rpc.call(Subjects.catalog.watch.save, {
      viewerId,
      kind,
      titleId,
      positionSeconds,
      durationSeconds: 1800,
      deviceClass: 'website',
    });

  beforeAll(async () => {
    catalog = await startTestService(catalogService, { env: isolation.env });
    nats = await connectNats(testInfrastructure().NATS_URL, 'catalog-reports-test');
    rpc = new RpcClient(nats, 5000);
  });

  afterAll(async () => {
    await nats?.close();
    await catalog?.destroy();
    await isolation.cleanUp();
  });

  it('counts movies, series and episodes, and the videos on their way or failed', async () => {
    const empty = await rpc.call(reports.figures, {});
    expect(empty).toMatchObject({
      movies: 0,
      series: 0,
      episodes: 0,
      videos: { transcoding: 0, failed: 0 },
      viewing: { today: { plays: 0, watchSeconds: 0 }, last30Days: { plays: 0, watchSeconds: 0 } },
    });
    expect(empty.viewing.days).toHaveLength(30);
    const [first, second, third] = [await movie('Kaveri'), await movie('Godavari'), await movie('Krishna')];
    const { series } = await rpc.call(Subjects.catalog.series.create, seriesInput());
    const { episode } = await rpc.call(Subjects.catalog.episodes.create, episodeInput());
    await videoState('movie', first._id, 'transcoding');
    await videoState('movie', second._id, 'failed');
    await videoState('movie', third._id, 'ready');
    await videoState('episode', episode._id, 'queued');
    await videoState('episode', series.episodes[0]._id, 'uploading');
    expect(await rpc.call(reports.figures, {})).toMatchObject({
      movies: 3,
      series: 1,
      // The series' two and one on its own.
      episodes: 3,
      videos: { transcoding: 2, failed: 1 },
    });
  });

  it("answers a viewer's watch history, last watched first, naming deleted titles as gone", async () => {
    const viewer = randomUUID();
    const [kept, deleted] = [await movie('Palleturi Cricket'), await movie('Chhota Jasoos')];
    const { episode } = await rpc.call(
      Subjects.catalog.episodes.create,
      episodeInput({ title: 'Election Night' }),
    );
    await watch(viewer, 'movie', kept._id, 1790);
    await watch(viewer, 'movie', deleted._id, 120);
    await watch(viewer, 'episode', episode._id, 300);
    await rpc.call(Subjects.catalog.movies.delete, { id: deleted._id });

    const history = await rpc.call(reports.watchHistory, { viewerId: viewer });
    expect(history).toEqual([
      {
        kind: 'episode',
        titleId: episode._id,
        title: 'Election Night',
        positionSeconds: 300,
        durationSeconds: 1800,
        finished: false,
        updatedAt: expect.any(String),
      },
      expect.objectContaining({ kind: 'movie', titleId: deleted._id, title: null }),
      expect.objectContaining({
        kind: 'movie',
        titleId: kept._id,
        title: 'Palleturi Cricket',
        finished: true,
      }),
    ]);
    expect(await rpc.call(reports.watchHistory, { viewerId: randomUUID() })).toEqual([]);
    await expect(rpc.call(reports.watchHistory, { viewerId: 'someone' })).rejects.toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
    });
  });
});
