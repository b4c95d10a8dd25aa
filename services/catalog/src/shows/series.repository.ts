import { Injectable } from '@nestjs/common';
import { ADMIN_PAGE_SIZE } from '@chitram/contracts';
import { DataSource, type DeepPartial, type EntityManager, In } from 'typeorm';
import { containsPattern } from '../catalogue-kit';
import { EpisodeEntity } from './episode.entity';
import { SeriesEntity } from './series.entity';
import { ShowWritesRepository } from './show-writes.repository';

/** What SeriesCatalogue needs of its storage: the repository below, or an in-memory fake in unit tests. */
export type SeriesStore = Pick<SeriesRepository, keyof SeriesRepository>;

/** Every SQL statement of series and their episodes that the series catalogue runs; the rules are its. */
@Injectable()
export class SeriesRepository extends ShowWritesRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  /** A page of the admin list, newest first, searched by title: each series with its number of episodes. */
  async page(
    search: string | undefined,
    offset: number,
  ): Promise<{ rows: Array<{ series: SeriesEntity; episodes: number }>; total: number }> {
    const where = search ? `WHERE s.title ILIKE $1` : '';
    const filter = search ? [containsPattern(search)] : [];
    const [ids, [{ total }]] = await Promise.all([
      this.dataSource.query<Array<{ id: string; episodes: number }>>(
        `SELECT s.id, (SELECT count(*)::int FROM episode e WHERE e.series_id = s.id) AS episodes
         FROM series s ${where} ORDER BY s.created_at DESC, s.id LIMIT ${ADMIN_PAGE_SIZE} OFFSET ${offset}`,
        filter,
      ),
      this.dataSource.query<Array<{ total: number }>>(
        `SELECT count(*)::int AS total FROM series s ${where}`,
        filter,
      ),
    ]);
    const entities = ids.length
      ? await this.dataSource.getRepository(SeriesEntity).findBy({ id: In(ids.map((row) => row.id)) })
      : [];
    const byId = new Map(entities.map((series) => [series.id, series]));
    // A series deleted between the two reads is left out rather than failing the page.
    const rows = ids.flatMap((row) => {
      const series = byId.get(row.id);
      return series ? [{ series, episodes: row.episodes }] : [];
    });
    return { rows, total };
  }

  /** A series, locked until the transaction ends when `lock` says so. */
  find(manager: EntityManager, id: string, lock = false): Promise<SeriesEntity | null> {
    return manager
      .getRepository(SeriesEntity)
      .findOne({ where: { id }, ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}) });
  }

  /** A series' episodes by number. */
  episodesOf(manager: EntityManager, seriesId: string): Promise<EpisodeEntity[]> {
    return manager
      .getRepository(EpisodeEntity)
      .find({ where: { seriesId }, order: { episodeNumber: 'ASC', createdAt: 'ASC' } });
  }

  insert(manager: EntityManager, fields: DeepPartial<SeriesEntity>): Promise<SeriesEntity> {
    const series = manager.getRepository(SeriesEntity);
    return series.save(series.create(fields));
  }

  save(manager: EntityManager, series: SeriesEntity): Promise<SeriesEntity> {
    return manager.getRepository(SeriesEntity).save(series);
  }

  /** Deletes a series; its episodes go with it (foreign key ON DELETE CASCADE). */
  async delete(manager: EntityManager, id: string): Promise<void> {
    await manager.getRepository(SeriesEntity).delete({ id });
  }

  /** Saves episodes new (no id: given one) and changed, in place. */
  async saveEpisodes(
    manager: EntityManager,
    episodes: Array<DeepPartial<EpisodeEntity>>,
  ): Promise<EpisodeEntity[]> {
    const repository = manager.getRepository(EpisodeEntity);
    return repository.save(
      episodes.map((episode) => (episode.id ? episode : Object.assign(repository.create(), episode))),
    );
  }

  async deleteEpisodes(manager: EntityManager, ids: string[]): Promise<void> {
    if (ids.length) await manager.getRepository(EpisodeEntity).delete({ id: In(ids) });
  }

  /** Gives every episode of a series the same values of these fields. */
  async updateEpisodesOf(
    manager: EntityManager,
    seriesId: string,
    fields: Partial<EpisodeEntity>,
  ): Promise<void> {
    await manager.getRepository(EpisodeEntity).update({ seriesId }, fields);
  }
}
