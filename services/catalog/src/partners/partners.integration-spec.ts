import { randomInt, randomUUID } from 'node:crypto';
import { Subjects, type TitlePartner } from '@chitram/contracts';
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
import { episodeInput, movieInput, seriesEpisodeBlock, seriesInput } from '../testing/fixtures';

jest.setTimeout(60_000);

/**
 * Content partners in the catalogue (issue 9, DECISIONS D12): an admin's partner writes and title
 * assignments leave an audit entry in the outbox with the before/after of what changed, and an episode
 * added to a series later takes the series' partner.
 */
describe('content partners in the catalogue', () => {
  const isolation = isolatedEnv();
  const actor = { adminId: randomUUID(), sessionId: randomUUID(), address: '203.0.113.30' };
  let service: TestService;
  let nats: NatsConnection;
  let rpc: RpcClient;

  const newPartner = async (name: string, withActor = true) =>
    (
      await rpc.call(Subjects.catalog.partners.create, {
        name,
        contactPerson: 'Kalanithi Maran',
        email: 'partners@sun.example',
        phone: '+91 44 4467 6767',
        revenueSharePercent: 40,
        ...(withActor ? { actor } : {}),
      })
    ).partner;

  const recorded = (entityId: string) => recordedAbout(service.dataSource, entityId);

  beforeAll(async () => {
    service = await startTestService(catalogService, { env: isolation.env });
    nats = await connectNats(testInfrastructure().NATS_URL, 'catalog-partners-test');
    rpc = new RpcClient(nats, 5000);
  });
  afterAll(async () => {
    await nats?.close();
    await service?.destroy();
    await isolation.cleanUp();
  });

  it('records a partner created, edited (only what changed) and deleted, with who did it', async () => {
    const name = `Sun Pictures ${randomInt(1e6)}`;
    const partner = await newPartner(name);
    await rpc.call(Subjects.catalog.partners.update, {
      id: partner._id,
      revenueSharePercent: 45.5,
      phone: partner.phone, // as it was: not a change
      actor,
    });
    await rpc.call(Subjects.catalog.partners.update, { id: partner._id, phone: partner.phone, actor });
    await rpc.call(Subjects.catalog.partners.delete, { id: partner._id, actor });

    const [created, updated, deleted, ...more] = await recorded(partner._id);
    expect(more).toEqual([]);
    expect(created).toMatchObject({
      actor,
      action: 'created',
      entity: { type: 'partner', id: partner._id, label: name },
    });
    expect(created.changes).toEqual(
      expect.arrayContaining([
        { field: 'name', before: null, after: name },
        { field: 'revenueSharePercent', before: null, after: 40 },
      ]),
    );
    expect(updated).toMatchObject({ actor, action: 'updated' });
    expect(updated.changes).toEqual([{ field: 'revenueSharePercent', before: 40, after: 45.5 }]);
    expect(deleted).toMatchObject({ action: 'deleted', entity: { label: name } });
    expect(deleted.changes).toContainEqual({ field: 'email', before: 'partners@sun.example', after: null });
  });

  it('records a title given to a partner, moved to another and taken away; a write without an admin is not recorded', async () => {
    const first = await newPartner(`Lyca ${randomInt(1e6)}`);
    const second = await newPartner(`AVM ${randomInt(1e6)}`, false);
    const { movie } = await rpc.call(Subjects.catalog.movies.create, movieInput());
    const assign = (partnerId: string | null) =>
      rpc.call(Subjects.catalog.partners.assign, { kind: 'movie', titleId: movie._id, partnerId, actor });
    await assign(first._id);
    await assign(first._id); // no change: no entry
    await assign(second._id);
    await assign(null);
    await rpc.call(Subjects.catalog.partners.assign, {
      kind: 'movie',
      titleId: movie._id,
      partnerId: first._id,
    });

    const entries = await recorded(movie._id);
    expect(entries.map((entry) => [entry.action, entry.entity, entry.changes])).toEqual([
      [
        'assigned',
        { type: 'movie', id: movie._id, label: movie.title },
        [{ field: 'partner', before: null, after: first.name }],
      ],
      ['assigned', expect.anything(), [{ field: 'partner', before: first.name, after: second.name }]],
      ['assigned', expect.anything(), [{ field: 'partner', before: second.name, after: null }]],
    ]);
    expect(await recorded(second._id)).toEqual([]);
  });

  it('gives an episode added to a series later the series’ partner, by either form', async () => {
    const partner = await newPartner(`Hombale ${randomInt(1e6)}`);
    const { series } = await rpc.call(Subjects.catalog.series.create, seriesInput());
    await rpc.call(Subjects.catalog.partners.assignSeries, {
      seriesId: series._id,
      partnerId: partner._id,
      actor,
    });
    const [entry] = await recorded(series._id);
    expect(entry).toMatchObject({
      action: 'assigned',
      entity: { type: 'series', id: series._id, label: series.title },
      changes: [{ field: 'partner', before: null, after: partner.name }],
    });

    // Added alone, from the show form.
    const { episode } = await rpc.call(
      Subjects.catalog.episodes.create,
      episodeInput({ seriesId: series._id, category: 'health', title: 'Evening Stretch' }),
    );
    const partnerOf = (titleId: string) =>
      rpc.call(Subjects.catalog.partners.titlePartner, { kind: 'episode', titleId });
    expect(await partnerOf(episode._id)).toEqual<TitlePartner>({
      partner: { _id: partner._id, name: partner.name },
    });

    // Added in the series form, beside the episodes it has.
    const now = await rpc.call(Subjects.catalog.series.get, { id: series._id });
    const { series: updated } = await rpc.call(Subjects.catalog.series.update, {
      id: series._id,
      episodes: [
        ...now.episodes.map((e) => seriesEpisodeBlock({ id: e._id, title: e.title, bannerUrl: e.bannerUrl })),
        seriesEpisodeBlock({ title: 'Night Calm', releaseDate: '2024-04-01' }),
      ],
    });
    const added = updated.episodes.find((e) => e.title === 'Night Calm');
    expect(await partnerOf(added!._id)).toEqual({ partner: { _id: partner._id, name: partner.name } });
    expect(await rpc.call(Subjects.catalog.partners.seriesPartner, { seriesId: series._id })).toEqual({
      partner: { _id: partner._id, name: partner.name },
    });

    // A series without a partner gives none.
    const { series: other } = await rpc.call(
      Subjects.catalog.series.create,
      seriesInput({ title: 'Kids Yoga' }),
    );
    const { episode: lone } = await rpc.call(
      Subjects.catalog.episodes.create,
      episodeInput({ seriesId: other._id, category: 'health' }),
    );
    expect(await partnerOf(lone._id)).toEqual({ partner: null });
  });
});
