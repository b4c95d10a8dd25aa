import { randomUUID } from 'node:crypto';
import { ErrorCode, Events, type AdminCreateMovie, type Genre, type Language } from '@chitram/contracts';
import type { DeepPartial, EntityManager } from 'typeorm';
import type { CatalogueChanges } from '../cache/catalogue-changes';
import { imageKey, recordingOutbox, storedRow, testAdmin } from '../testing/in-memory-writes';
import { MovieCatalogue } from './movie-catalogue';
import type { MovieEntity } from './movie.entity';
import type { MoviesRepository, MoviesStore } from './movies.repository';

/**
 * MovieCatalogue's rules (slugs, D10; partial updates; pictures and videos released; caches told only
 * of a change) with its repository in memory; the SQL is tested against Postgres in
 * catalogue.integration-spec.ts.
 */

class InMemoryMovies implements MoviesStore {
  readonly rows: MovieEntity[] = [];

  homeRails() {
    return Promise.resolve([]);
  }

  ofGenre(genre: Genre, language: Language | undefined, limit: number, offset: number) {
    const rows = this.rows.filter((m) => m.genre.includes(genre) && (!language || m.language === language));
    return Promise.resolve(rows.reverse().slice(offset, offset + limit));
  }

  ofLanguage(language: Language, limit: number, offset: number) {
    return Promise.resolve(this.rows.filter((m) => m.language === language).slice(offset, offset + limit));
  }

  findByIdOrSlug(idOrSlug: string) {
    const wanted = idOrSlug.toLowerCase();
    return Promise.resolve(this.rows.find((m) => m.id === wanted || m.slug === wanted) ?? null);
  }

  likeThis() {
    return Promise.resolve([]);
  }

  find(id: string) {
    return Promise.resolve(this.rows.find((m) => m.id === id) ?? null);
  }

  page(_search: string | undefined, offset: number) {
    return Promise.resolve({ rows: this.rows.slice(offset, offset + 10), total: this.rows.length });
  }

  slugsLike(_m: EntityManager, base: string) {
    return Promise.resolve(
      this.rows.map((m) => m.slug).filter((slug) => slug === base || slug.startsWith(`${base}-`)),
    );
  }

  insert(_m: EntityManager, fields: DeepPartial<MovieEntity>) {
    const movie = storedRow<MovieEntity>(fields);
    this.rows.push(movie);
    return Promise.resolve(movie);
  }

  save(_m: EntityManager, movie: MovieEntity) {
    return Promise.resolve(movie);
  }

  delete(_m: EntityManager, id: string) {
    this.rows.splice(
      this.rows.findIndex((m) => m.id === id),
      1,
    );
    return Promise.resolve();
  }

  unusedImages(_m: EntityManager, keys: string[]) {
    const used = (key: string) => this.rows.some((m) => [m.thumbnail, m.banner, m.titleImage].includes(key));
    return Promise.resolve(keys.filter((key) => !used(key)));
  }
}

const actor = testAdmin();

function setUp() {
  const store = new InMemoryMovies();
  const { outbox, events } = recordingOutbox();
  let announced = 0;
  const catalogue = new MovieCatalogue(
    store as unknown as MoviesRepository,
    { announce: () => Promise.resolve(void announced++) } as unknown as CatalogueChanges,
    outbox,
  );
  const create = (title: string, fields: Partial<AdminCreateMovie> = {}) =>
    catalogue.create({
      title,
      description: 'A story.',
      cast: ['Asha'],
      genre: ['drama'],
      language: 'tamil',
      rating: 'U',
      releaseYear: 2024,
      duration: '2h 10m',
      thumbnailUrl: imageKey(),
      bannerUrl: imageKey(),
      titlePngUrl: imageKey(),
      actor,
      ...fields,
    } as AdminCreateMovie);
  return { store, events, catalogue, create, announced: () => announced };
}

describe('MovieCatalogue (repository in memory)', () => {
  it('names a title by its slug, the next free one when it is taken, and finds it by either in any case', async () => {
    const { create, catalogue } = setUp();
    const first = await create('Bāhubali: The Beginning');
    const second = await create('Bahubali the beginning');
    expect([first.movie.slug, second.movie.slug]).toEqual([
      'bahubali-the-beginning',
      'bahubali-the-beginning-2',
    ]);
    expect((await catalogue.meta('Bahubali-The-Beginning-2')).meta._id).toBe(second.movie._id);
    await expect(catalogue.meta('no-such-title')).rejects.toMatchObject({ code: ErrorCode.NOT_FOUND });
  });

  it('keeps the slug when the title changes, and tells no cache when nothing is named', async () => {
    const { create, catalogue, events, announced } = setUp();
    const { movie } = await create('Monsoon');
    events.length = 0;
    await catalogue.update({ id: movie._id, actor });
    expect(events).toEqual([]);
    expect(announced()).toBe(1);
    const renamed = await catalogue.update({ id: movie._id, title: 'Monsoon Nights', actor });
    expect(renamed.movie).toMatchObject({ title: 'Monsoon Nights', slug: 'monsoon' });
    expect(events.map((e) => e.subject)).toEqual([Events.adminActionRecorded]);
    expect(announced()).toBe(2);
  });

  it('releases a replaced picture only when no other title shows it', async () => {
    const { create, catalogue, store } = setUp();
    const shared = imageKey();
    const { movie } = await create('One', { thumbnailUrl: shared });
    await create('Two', { thumbnailUrl: shared });
    const oldBanner = store.rows[0].banner;
    const saved = await catalogue.update({
      id: movie._id,
      thumbnailUrl: imageKey(),
      bannerUrl: imageKey(),
      actor,
    });
    expect(saved.releasedImageKeys).toEqual([oldBanner]);
  });

  it('deletes a title with its video and pictures released, and refuses one that is gone', async () => {
    const { create, catalogue, store, events } = setUp();
    const { movie } = await create('Gone');
    store.rows[0].videoId = randomUUID();
    events.length = 0;
    expect((await catalogue.remove(movie._id, actor)).releasedImageKeys).toHaveLength(3);
    expect(events.map((e) => e.subject)).toEqual([
      Events.adminActionRecorded,
      Events.catalogVideosReleased,
      Events.catalogTitlesRemoved,
      Events.catalogImagesReleased,
    ]);
    await expect(catalogue.get(movie._id)).rejects.toMatchObject({ code: ErrorCode.NOT_FOUND });
  });
});
