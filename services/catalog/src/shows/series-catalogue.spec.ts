import { randomUUID } from 'node:crypto';
import {
  ErrorCode,
  Events,
  type AdminCreateSeries,
  type PartnerName,
  type SeriesEpisodeInput,
} from '@chitram/contracts';
import type { DataSource, DeepPartial, EntityManager } from 'typeorm';
import type { CatalogueChanges } from '../cache/catalogue-changes';
import { imageKey, noManager, recordingOutbox, storedRow, testAdmin } from '../testing/in-memory-writes';
import type { EpisodeEntity } from './episode.entity';
import { SeriesCatalogue } from './series-catalogue';
import type { SeriesEntity } from './series.entity';
import type { SeriesRepository, SeriesStore } from './series.repository';

/**
 * SeriesCatalogue's rules (D11: a series saved whole with its episodes; episodes kept, added and
 * dropped by the list; the series' partner for new episodes; pictures and videos released) with its
 * repository in memory; the SQL is tested against Postgres in catalogue.integration-spec.ts.
 */

class InMemorySeries implements SeriesStore {
  readonly series: SeriesEntity[] = [];
  readonly episodes: EpisodeEntity[] = [];
  readonly partners = new Map<string, PartnerName>();

  page(_search: string | undefined, offset: number) {
    const rows = this.series.map((series) => ({ series, episodes: this.ofSeries(series.id).length }));
    return Promise.resolve({ rows: rows.slice(offset, offset + 10), total: rows.length });
  }

  find(_m: EntityManager, id: string) {
    return Promise.resolve(this.series.find((s) => s.id === id) ?? null);
  }

  episodesOf(_m: EntityManager, seriesId: string) {
    return Promise.resolve(this.ofSeries(seriesId).sort((a, b) => a.episodeNumber - b.episodeNumber));
  }

  insert(_m: EntityManager, fields: DeepPartial<SeriesEntity>) {
    const series = storedRow<SeriesEntity>(fields);
    this.series.push(series);
    return Promise.resolve(series);
  }

  save(_m: EntityManager, series: SeriesEntity) {
    return Promise.resolve(series);
  }

  delete(_m: EntityManager, id: string) {
    this.series.splice(
      this.series.findIndex((s) => s.id === id),
      1,
    );
    for (const episode of this.ofSeries(id)) this.episodes.splice(this.episodes.indexOf(episode), 1);
    return Promise.resolve();
  }

  saveEpisodes(_m: EntityManager, episodes: Array<DeepPartial<EpisodeEntity>>) {
    return Promise.resolve(
      episodes.map((fields) => {
        if (fields.id) return fields as EpisodeEntity;
        const episode = storedRow<EpisodeEntity>(fields);
        this.episodes.push(episode);
        return episode;
      }),
    );
  }

  deleteEpisodes(_m: EntityManager, ids: string[]) {
    for (const id of ids)
      this.episodes.splice(
        this.episodes.findIndex((e) => e.id === id),
        1,
      );
    return Promise.resolve();
  }

  updateEpisodesOf(_m: EntityManager, seriesId: string, fields: Partial<EpisodeEntity>) {
    for (const episode of this.ofSeries(seriesId)) Object.assign(episode, fields);
    return Promise.resolve();
  }

  seriesPartnerOf(_m: EntityManager, seriesId: string) {
    const partners = new Set(this.ofSeries(seriesId).map((e) => this.partners.get(e.id)));
    const [only] = partners;
    return Promise.resolve(partners.size === 1 && only ? only : null);
  }

  inheritSeriesPartner(_m: EntityManager, partner: PartnerName | null, episodeIds: string[]) {
    if (partner) for (const id of episodeIds) this.partners.set(id, partner);
    return Promise.resolve();
  }

  unusedImages(_m: EntityManager, keys: string[]) {
    const used = (key: string) =>
      this.series.some((s) => s.titleImage === key) ||
      this.episodes.some((e) => e.banner === key || e.titleImage === key);
    return Promise.resolve(keys.filter((key) => !used(key)));
  }

  private ofSeries(id: string): EpisodeEntity[] {
    return this.episodes.filter((e) => e.seriesId === id);
  }
}

const image = imageKey;
const actor = testAdmin();
const block = (title: string, extra: Partial<SeriesEpisodeInput> = {}): SeriesEpisodeInput => ({
  title,
  description: `${title}.`,
  releaseDate: '2026-02-01',
  duration: '30m',
  bannerUrl: image(),
  ...extra,
});

function setUp() {
  const store = new InMemorySeries();
  const { outbox, events } = recordingOutbox();
  const catalogue = new SeriesCatalogue(
    store as unknown as SeriesRepository,
    { announce: () => Promise.resolve() } as unknown as CatalogueChanges,
    outbox,
    { manager: noManager } as DataSource,
  );
  const create = (episodes: SeriesEpisodeInput[]) =>
    catalogue.create({
      title: 'Monsoon Ward',
      cast: ['Asha'],
      language: 'tamil',
      rating: 'U/A',
      genre: ['drama'],
      category: 'health',
      titlePngUrl: image(),
      episodes,
      actor,
    } as unknown as AdminCreateSeries);
  return { store, events, catalogue, create };
}

describe('SeriesCatalogue (repository in memory)', () => {
  it('saves a series with its episodes numbered in order, carrying its rating and category', async () => {
    const { create, events } = setUp();
    const { series } = await create([block('One'), block('Two')]);
    expect(series.episodes.map((e) => [e.title, e.episodeNumber, e.rating, e.category])).toEqual([
      ['One', 1, 'U/A', 'health'],
      ['Two', 2, 'U/A', 'health'],
    ]);
    expect(events.map((e) => e.subject)).toEqual([Events.adminActionRecorded]);
  });

  it("keeps, adds and drops episodes by the list; new ones take the series' partner; dropped pictures are released", async () => {
    const { create, catalogue, store } = setUp();
    const { series } = await create([block('One'), block('Two')]);
    const [one, two] = series.episodes;
    const partner = { _id: randomUUID(), name: 'Kaveri Films' };
    for (const episode of store.episodes) store.partners.set(episode.id, partner);
    const dropped = store.episodes.find((e) => e.id === two._id)!.banner;
    const saved = await catalogue.update({
      id: series._id,
      episodes: [block('Three'), block('One again', { id: one._id, bannerUrl: store.episodes[0].banner })],
      actor,
    });
    expect(saved.series.episodes.map((e) => [e.title, e.episodeNumber])).toEqual([
      ['Three', 1],
      ['One again', 2],
    ]);
    expect(saved.series.episodes[1]._id).toBe(one._id);
    expect(store.partners.get(saved.series.episodes[0]._id)).toEqual(partner);
    expect(saved.releasedImageKeys).toEqual([dropped]);
  });

  it('refuses an episode id that is not of this series, naming the block', async () => {
    const { create, catalogue } = setUp();
    const { series } = await create([block('One')]);
    await expect(
      catalogue.update({ id: series._id, episodes: [block('Stray', { id: randomUUID() })], actor }),
    ).rejects.toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
      fields: { 'episodes.0.id': expect.any(Array) },
    });
  });

  it("gives every episode the series' new rating when the list is left out", async () => {
    const { create, catalogue } = setUp();
    const { series } = await create([block('One'), block('Two')]);
    const saved = await catalogue.update({ id: series._id, rating: 'A', actor });
    expect(saved.series.episodes.map((e) => e.rating)).toEqual(['A', 'A']);
  });

  it('deletes a series with its episodes, releasing their videos and pictures', async () => {
    const { create, catalogue, store, events } = setUp();
    const { series } = await create([block('One')]);
    store.episodes[0].videoId = randomUUID();
    events.length = 0;
    const removed = await catalogue.remove(series._id, actor);
    expect(removed.releasedImageKeys).toHaveLength(2);
    expect(store.episodes).toEqual([]);
    expect(events.map((e) => e.subject)).toEqual([
      Events.adminActionRecorded,
      Events.catalogVideosReleased,
      Events.catalogTitlesRemoved,
      Events.catalogImagesReleased,
    ]);
    await expect(catalogue.remove(series._id, actor)).rejects.toMatchObject({ code: ErrorCode.NOT_FOUND });
  });
});
