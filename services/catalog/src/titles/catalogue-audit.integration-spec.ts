import { randomUUID } from 'node:crypto';
import { ErrorCode, Subjects } from '@chitram/contracts';
import { connectNats, RpcClient } from '@chitram/nest-kit';
import {
  isolatedEnv,
  recordedAbout,
  startTestService,
  testInfrastructure,
  type TestService,
} from '@chitram/test-helpers';
import type { NatsConnection } from 'nats';
import { catalogService } from '../service';
import { episodeInput, imageKey, movieInput, seriesEpisodeBlock, seriesInput } from '../testing/fixtures';

jest.setTimeout(60_000);

/**
 * The audit trail's side of the catalogue (issue 9): an admin's write leaves, in its own transaction,
 * an admin-action-recorded event in the outbox with who, what and the before/after of the fields it
 * changed; a write without an admin (the demo seed) leaves none.
 */
describe('catalogue writes recorded for the audit trail', () => {
  const isolation = isolatedEnv();
  const actor = { adminId: randomUUID(), sessionId: randomUUID(), address: '203.0.113.20' };
  let service: TestService;
  let nats: NatsConnection;
  let rpc: RpcClient;
  const recorded = (entityId: string) => recordedAbout(service.dataSource, entityId);

  beforeAll(async () => {
    service = await startTestService(catalogService, { env: isolation.env });
    nats = await connectNats(testInfrastructure().NATS_URL, 'catalogue-audit-test');
    rpc = new RpcClient(nats, 5000);
  });
  afterAll(async () => {
    await nats?.close();
    await service?.destroy();
    await isolation.cleanUp();
  });

  it('records a movie created, edited (only the fields that changed, pictures as keys) and deleted', async () => {
    const { movie } = await rpc.call(
      Subjects.catalog.movies.create,
      movieInput({ title: 'Kaveri Nights', actor }),
    );
    const newBanner = imageKey();
    await rpc.call(Subjects.catalog.movies.update, {
      id: movie._id,
      title: 'Kaveri Nights Returns',
      isFree: true,
      genre: ['Drama'], // as it was: not a change
      bannerUrl: newBanner,
      actor,
    });
    await rpc.call(Subjects.catalog.movies.delete, { id: movie._id, actor });

    const [created, updated, deleted] = await recorded(movie._id);
    expect(created).toMatchObject({
      actor,
      action: 'created',
      entity: { type: 'movie', id: movie._id, label: 'Kaveri Nights' },
    });
    expect(created.changes).toEqual(
      expect.arrayContaining([
        { field: 'title', before: null, after: 'Kaveri Nights' },
        { field: 'releaseYear', before: null, after: 2021 },
        { field: 'isFree', before: null, after: false },
      ]),
    );
    expect(updated).toEqual({
      actor,
      action: 'updated',
      entity: { type: 'movie', id: movie._id, label: 'Kaveri Nights Returns' },
      changes: [
        { field: 'title', before: 'Kaveri Nights', after: 'Kaveri Nights Returns' },
        { field: 'banner', before: expect.stringMatching(/^images\//), after: newBanner },
        { field: 'isFree', before: false, after: true },
      ],
      note: null,
    });
    expect(deleted).toMatchObject({
      action: 'deleted',
      entity: { type: 'movie', id: movie._id, label: 'Kaveri Nights Returns' },
    });
    expect(deleted.changes).toEqual(
      expect.arrayContaining([{ field: 'title', before: 'Kaveri Nights Returns', after: null }]),
    );
  });

  it('records nothing for an edit that changes nothing, a refused write, or a write without an admin', async () => {
    const { movie } = await rpc.call(Subjects.catalog.movies.create, movieInput());
    await rpc.call(Subjects.catalog.movies.update, { id: movie._id, title: movie.title, actor });
    await expect(
      rpc.call(Subjects.catalog.movies.update, { id: movie._id, releaseYear: 1200, actor }),
    ).rejects.toMatchObject({ code: ErrorCode.VALIDATION_FAILED });
    await rpc.call(Subjects.catalog.movies.update, { id: movie._id, title: 'Seeded, not an admin' });
    expect(await recorded(movie._id)).toEqual([]);
  });

  it('refuses an actor that is not one, before writing anything', async () => {
    const { movie } = await rpc.call(Subjects.catalog.movies.create, movieInput());
    await expect(
      rpc.call(Subjects.catalog.movies.update, {
        id: movie._id,
        title: 'Forged',
        actor: { adminId: 'me', sessionId: randomUUID() },
      }),
    ).rejects.toMatchObject({ code: ErrorCode.VALIDATION_FAILED });
    await expect(
      rpc.uncheckedRequest(Subjects.catalog.movies.delete, {
        id: movie._id,
        actor: { ...actor, role: 'admin' },
      }),
    ).rejects.toMatchObject({ code: ErrorCode.VALIDATION_FAILED });
    const still = await rpc.call(Subjects.catalog.movies.get, { id: movie._id });
    expect(still.title).toBe(movie.title);
  });

  it('records a series edit episode by episode, and a show deleted', async () => {
    const { series } = await rpc.call(Subjects.catalog.series.create, { ...seriesInput(), actor });
    const [first, second] = series.episodes;
    await rpc.call(Subjects.catalog.series.update, {
      id: series._id,
      tags: ['yoga'],
      episodes: [
        seriesEpisodeBlock({ id: first._id, title: first.title, bannerUrl: first.bannerUrl }),
        seriesEpisodeBlock({ id: second._id, title: 'Moon Salutation', releaseDate: '2024-03-08' }),
      ],
      actor,
    });
    const [created, updated] = await recorded(series._id);
    expect(created).toMatchObject({ action: 'created', entity: { type: 'series', label: series.title } });
    expect(created.changes).toEqual(
      expect.arrayContaining([{ field: 'episodes.2.title', before: null, after: 'Sun Salutation' }]),
    );
    expect(updated.changes).toEqual(
      expect.arrayContaining([
        { field: 'tags', before: ['yoga', 'fitness'], after: ['yoga'] },
        { field: 'episodes.2.title', before: 'Sun Salutation', after: 'Moon Salutation' },
      ]),
    );
    expect(updated.changes.map((change) => change.field)).not.toContain('episodes.1.title');

    const { episode } = await rpc.call(Subjects.catalog.episodes.create, episodeInput());
    await rpc.call(Subjects.catalog.episodes.delete, { id: episode._id, actor });
    expect(await recorded(episode._id)).toEqual([
      expect.objectContaining({
        action: 'deleted',
        entity: { type: 'show', id: episode._id, label: episode.title },
      }),
    ]);
  });
});
