import { randomUUID } from 'node:crypto';
import {
  ErrorCode,
  Events,
  type AdminCreateEpisode,
  type Category,
  type PartnerName,
} from '@chitram/contracts';
import type { DeepPartial, EntityManager } from 'typeorm';
import type { CatalogueChanges } from '../cache/catalogue-changes';
import { imageKey, recordingOutbox, storedRow, testAdmin } from '../testing/in-memory-writes';
import { EpisodeCatalogue } from './episode-catalogue';
import type { EpisodeEntity } from './episode.entity';
import type { EpisodesRepository, EpisodesStore } from './episodes.repository';

/**
 * EpisodeCatalogue's rules (numbering, a series' partner, the audit trail, images and videos released,
 * caches told) with its repository in memory; the SQL is tested against Postgres in
 * catalogue.integration-spec.ts.
 */

class InMemoryEpisodes implements EpisodesStore {
  readonly rows: EpisodeEntity[] = [];
  readonly series = new Map<string, { partner: PartnerName | null }>();
  readonly partnerOf = new Map<string, PartnerName>();

  ofCategory(category: Category) {
    return Promise.resolve({ rows: this.rows.filter((e) => e.category === category), series: [] });
  }

  page(_search: string | undefined, offset: number) {
    return Promise.resolve({ rows: this.rows.slice(offset, offset + 10), total: this.rows.length });
  }

  find(id: string) {
    return Promise.resolve(this.rows.find((e) => e.id === id) ?? null);
  }

  seriesTaste(id: string) {
    // The fake's series keep only their partner: an episode found has no taste to share.
    return Promise.resolve(this.rows.some((e) => e.id === id) ? null : undefined);
  }

  lockSeries(_m: EntityManager, seriesId: string) {
    return Promise.resolve(this.series.has(seriesId));
  }

  nextEpisodeNumber(_m: EntityManager, seriesId: string | null, category: Category) {
    const mates = this.rows.filter((e) =>
      seriesId ? e.seriesId === seriesId : !e.seriesId && e.category === category,
    );
    return Promise.resolve(Math.max(0, ...mates.map((e) => e.episodeNumber)) + 1);
  }

  insert(_m: EntityManager, fields: DeepPartial<EpisodeEntity>) {
    const episode = storedRow<EpisodeEntity>(fields);
    this.rows.push(episode);
    return Promise.resolve(episode);
  }

  save(_m: EntityManager, episode: EpisodeEntity) {
    episode.updatedAt = new Date();
    return Promise.resolve(episode);
  }

  delete(_m: EntityManager, id: string) {
    this.rows.splice(
      this.rows.findIndex((e) => e.id === id),
      1,
    );
    return Promise.resolve();
  }

  seriesPartnerOf(_m: EntityManager, seriesId: string) {
    return Promise.resolve(this.series.get(seriesId)?.partner ?? null);
  }

  inheritSeriesPartner(_m: EntityManager, partner: PartnerName | null, episodeIds: string[]) {
    if (partner) for (const id of episodeIds) this.partnerOf.set(id, partner);
    return Promise.resolve();
  }

  unusedImages(_m: EntityManager, keys: string[]) {
    return Promise.resolve(
      keys.filter((key) => !this.rows.some((e) => e.banner === key || e.titleImage === key)),
    );
  }
}

const image = imageKey;
const actor = testAdmin();

function setUp() {
  const store = new InMemoryEpisodes();
  const { outbox, events } = recordingOutbox();
  let announced = 0;
  const changes = { announce: () => Promise.resolve(void announced++) };
  const catalogue = new EpisodeCatalogue(
    store as unknown as EpisodesRepository,
    changes as unknown as CatalogueChanges,
    outbox,
  );
  const create = (fields: Partial<AdminCreateEpisode> = {}) =>
    catalogue.create({
      title: 'Ward 7',
      description: 'A night shift.',
      duration: '45m',
      releaseDate: '2026-01-05',
      rating: 'U/A',
      category: 'health',
      bannerUrl: image(),
      actor,
      ...fields,
    });
  return { store, events, catalogue, create, announced: () => announced };
}

describe('EpisodeCatalogue (repository in memory)', () => {
  it("numbers a new episode after its series' last, gives it the series' partner, and records who added it", async () => {
    const { store, events, create, announced } = setUp();
    const seriesId = randomUUID();
    const partner = { _id: randomUUID(), name: 'Kaveri Films' };
    store.series.set(seriesId, { partner });
    const first = await create({ seriesId });
    const second = await create({ seriesId });
    const alone = await create({ category: 'education' });
    expect([first, second, alone].map((s) => s.episode.episodeNumber)).toEqual([1, 2, 1]);
    expect(store.partnerOf.get(second.episode._id)).toEqual(partner);
    expect(store.partnerOf.has(alone.episode._id)).toBe(false);
    expect(events.map((e) => e.subject)).toEqual(Array(3).fill(Events.adminActionRecorded));
    expect(announced()).toBe(3);
  });

  it('refuses an episode of a series that does not exist, and tells no cache', async () => {
    const { create, events, announced } = setUp();
    await expect(create({ seriesId: randomUUID() })).rejects.toMatchObject({ code: ErrorCode.NOT_FOUND });
    expect(events).toEqual([]);
    expect(announced()).toBe(0);
  });

  it('changes nothing, records nothing and tells no cache for an update that names no field', async () => {
    const { catalogue, create, events, announced } = setUp();
    const { episode } = await create();
    events.length = 0;
    const saved = await catalogue.update({ id: episode._id, actor });
    expect(saved.releasedImageKeys).toEqual([]);
    expect(events).toEqual([]);
    expect(announced()).toBe(1);
  });

  it('releases a replaced banner only when no other title still shows it', async () => {
    const { catalogue, create, events } = setUp();
    const shared = image();
    const { episode } = await create({ bannerUrl: shared });
    await create({ bannerUrl: shared });
    const own = await create();
    events.length = 0;
    expect(
      (await catalogue.update({ id: episode._id, bannerUrl: image(), actor })).releasedImageKeys,
    ).toEqual([]);
    const old = own.episode.bannerUrl;
    const replaced = await catalogue.update({ id: own.episode._id, bannerUrl: image(), actor });
    expect(replaced.releasedImageKeys).toEqual([expect.stringContaining(old.split('/').pop()!)]);
    expect(events.map((e) => e.subject)).toEqual([
      Events.adminActionRecorded,
      Events.adminActionRecorded,
      Events.catalogImagesReleased,
    ]);
  });

  it('deletes an episode with its pictures and video released, and refuses one that is gone', async () => {
    const { catalogue, create, store, events } = setUp();
    const { episode } = await create();
    store.rows[0].videoId = randomUUID();
    events.length = 0;
    const removed = await catalogue.remove(episode._id, actor);
    expect(removed.releasedImageKeys).toHaveLength(1);
    expect(events.map((e) => e.subject)).toEqual([
      Events.adminActionRecorded,
      Events.catalogVideosReleased,
      Events.catalogTitlesRemoved,
      Events.catalogImagesReleased,
    ]);
    await expect(catalogue.remove(episode._id, actor)).rejects.toMatchObject({ code: ErrorCode.NOT_FOUND });
    await expect(catalogue.get(episode._id)).rejects.toMatchObject({ code: ErrorCode.NOT_FOUND });
  });
});
