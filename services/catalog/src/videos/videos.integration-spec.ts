import { randomUUID } from 'node:crypto';
import { Events, Subjects, type VideoState, type VideoStatus } from '@chitram/contracts';
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

// The catalogue's copy of each title's video (DECISIONS D23), fed by media's events, and what it says
// to play; real Postgres, Redis, NATS and JetStream.

describe("titles' videos in the catalogue", () => {
  const isolation = isolatedEnv();
  let catalog: TestService;
  let nats: NatsConnection;
  let rpc: RpcClient;

  beforeAll(async () => {
    catalog = await startTestService(catalogService, { env: isolation.env });
    nats = await connectNats(testInfrastructure().NATS_URL, 'catalog-videos-test');
    rpc = new RpcClient(nats, 5000);
  });
  afterAll(async () => {
    await nats?.close();
    await catalog?.destroy();
    await isolation.cleanUp();
  });

  const createMovie = async (overrides: Record<string, unknown> = {}) =>
    (await rpc.call(Subjects.catalog.movies.create, movieInput(overrides))).movie;
  const getMovie = (id: string) => rpc.call(Subjects.catalog.movies.get, { id });
  const source = (idOrSlug: string) => rpc.call(Subjects.catalog.playbackSource, { kind: 'movie', idOrSlug });

  /** Publishes a state of a movie's video as media's outbox relay would. */
  async function announce(
    ownerId: string,
    videoId: string,
    state: VideoState,
    at: Date,
    progress = 0,
    ownerKind: VideoStatus['ownerKind'] = 'movie',
  ) {
    const status: VideoStatus = {
      videoId,
      ownerKind,
      ownerId,
      state,
      progress,
      error: state === 'failed' ? 'The file is not a video.' : null,
      renditions: state === 'ready' ? [360, 480, 720] : [],
      durationSeconds: null,
      posterUrl: null,
      hasTrickplay: false,
      markers: {},
      updatedAt: at.toISOString(),
    };
    const envelope: EventEnvelope<VideoStatus> = {
      id: randomUUID(),
      subject: Events.videoStateChanged,
      occurredAt: at.toISOString(),
      payload: status,
    };
    await nats
      .jetstream()
      .publish(busSubject(isolation.env, Events.videoStateChanged), JSONCodec().encode(envelope), {
        msgID: envelope.id,
      });
    return envelope.id;
  }

  it('follows the video through its states, ignoring news older than what it holds', async () => {
    const movie = await createMovie({ movieUrl: 'https://streams.example.in/film.m3u8' });
    expect((await getMovie(movie._id)).video).toBeNull();
    expect(await source(movie.slug)).toMatchObject({
      externalUrl: 'https://streams.example.in/film.m3u8',
      video: null,
    });

    const videoId = randomUUID();
    const t0 = Date.now();
    await announce(movie._id, videoId, 'transcoding', new Date(t0 + 2000), 40);
    await announce(movie._id, videoId, 'queued', new Date(t0 + 1000)); // arrives late: older than what is held
    await waitFor(async () => (await getMovie(movie._id)).video?.progress === 40);
    expect((await getMovie(movie._id)).video).toEqual({
      videoId,
      state: 'transcoding',
      progress: 40,
      error: null,
      renditions: [],
    });

    await announce(movie._id, videoId, 'ready', new Date(t0 + 3000), 100);
    await waitFor(async () => (await getMovie(movie._id)).video?.state === 'ready');
    // A ready video is what plays; the link is no longer handed out.
    expect(await source(movie._id)).toEqual({
      titleId: movie._id,
      kind: 'movie',
      title: movie.title,
      // The grant holds a kids profile to its level (D37).
      rating: movie.rating,
      isFree: false,
      externalUrl: null,
      video: { videoId, state: 'ready', progress: 100, error: null, renditions: [360, 480, 720] },
    });
  });

  it('announces the video for removal when its title is deleted', async () => {
    const movie = await createMovie();
    const videoId = randomUUID();
    await announce(movie._id, videoId, 'ready', new Date(), 100);
    await waitFor(async () => (await getMovie(movie._id)).video?.state === 'ready');
    await rpc.call(Subjects.catalog.movies.delete, { id: movie._id });
    const rows: Array<{ payload: { videoIds: string[] } }> = await catalog.dataSource.query(
      'SELECT "payload" FROM "outbox_event" WHERE "subject" = $1',
      [Events.catalogVideosReleased],
    );
    expect(rows.map((r) => r.payload.videoIds)).toContainEqual([videoId]);
  });

  it("keeps no copy of a film's trailer (D45): the film's own video is what plays", async () => {
    const movie = await createMovie();
    const videoId = randomUUID();
    const t0 = Date.now();
    await announce(movie._id, videoId, 'ready', new Date(t0), 100);
    await waitFor(async () => (await getMovie(movie._id)).video?.state === 'ready');
    // A newer trailer event is handled (its inbox row is written), and changes nothing.
    const trailerEvent = await announce(
      movie._id,
      randomUUID(),
      'uploading',
      new Date(t0 + 1000),
      0,
      'movie-trailer',
    );
    await waitFor(async () => {
      const rows: unknown[] = await catalog.dataSource.query(
        'SELECT 1 FROM "processed_event" WHERE "event_id" = $1',
        [trailerEvent],
      );
      return rows.length > 0;
    });
    expect((await getMovie(movie._id)).video).toMatchObject({ videoId, state: 'ready' });
    expect(await source(movie._id)).toMatchObject({ video: { videoId, state: 'ready' } });
  });

  it('answers NOT_FOUND for a title that does not exist', async () => {
    await expect(source('no-such-film')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
