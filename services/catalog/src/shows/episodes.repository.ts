import { Injectable } from '@nestjs/common';
import { CATEGORY_EPISODE_LIMIT, type Category, type Genre, type Language } from '@chitram/contracts';
import { DataSource, type DeepPartial, type EntityManager } from 'typeorm';
import { newestFirstPage } from '../catalogue.repository';
import { EpisodeEntity } from './episode.entity';
import { SeriesEntity } from './series.entity';
import { EPISODE_COLUMNS } from './show.view';
import { ShowWritesRepository } from './show-writes.repository';

/** What EpisodeCatalogue needs of its storage: the repository below, or an in-memory fake in unit tests. */
export type EpisodesStore = Pick<EpisodesRepository, keyof EpisodesRepository>;

/** Every SQL statement of episodes (table episode) that the episode catalogue runs; the rules are its. */
@Injectable()
export class EpisodesRepository extends ShowWritesRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  /** A category's episodes in episode order, and the titles of the series they belong to. */
  async ofCategory(
    category: Category,
  ): Promise<{ rows: EpisodeEntity[]; series: Array<{ _id: string; title: string }> }> {
    const rows: EpisodeEntity[] = await this.dataSource.query(
      `SELECT ${EPISODE_COLUMNS} FROM episode e WHERE e.category = $1
       ORDER BY e.episode_number, e.release_date, e.created_at LIMIT ${CATEGORY_EPISODE_LIMIT}`,
      [category],
    );
    const series: Array<{ _id: string; title: string }> = await this.dataSource.query(
      `SELECT s.id AS "_id", s.title FROM series s
       WHERE s.id IN (SELECT e.series_id FROM episode e WHERE e.category = $1) ORDER BY s.title`,
      [category],
    );
    return { rows, series };
  }

  /**
   * A page of the shows list, newest first, searched by title, of the given ratings only when named
   * (a kids profile's, D37); with the number of matches.
   */
  page(
    search: string | undefined,
    offset: number,
    ratings?: readonly string[],
  ): Promise<{ rows: EpisodeEntity[]; total: number }> {
    return newestFirstPage<EpisodeEntity>(
      this.dataSource,
      'episode e',
      EPISODE_COLUMNS,
      search,
      offset,
      ratings,
    );
  }

  find(id: string, manager: EntityManager = this.dataSource.manager): Promise<EpisodeEntity | null> {
    return manager.getRepository(EpisodeEntity).findOneBy({ id });
  }

  /**
   * The language and genres of an episode's series: `null` for an episode without a series,
   * `undefined` for no such episode.
   */
  async seriesTaste(id: string): Promise<Pick<SeriesEntity, 'language' | 'genre'> | null | undefined> {
    const [row]: Array<{ seriesId: string | null; language: Language; genre: Genre[] }> =
      await this.dataSource.query(
        `SELECT s.id AS "seriesId", s.language, s.genre
         FROM episode e LEFT JOIN series s ON s.id = e.series_id WHERE e.id = $1`,
        [id],
      );
    if (!row) return undefined;
    return row.seriesId ? { language: row.language, genre: row.genre } : null;
  }

  /** Locks a series until the transaction ends (two episodes added at once get different numbers); false when it does not exist. */
  async lockSeries(manager: EntityManager, seriesId: string): Promise<boolean> {
    const series = await manager
      .getRepository(SeriesEntity)
      .findOne({ where: { id: seriesId }, lock: { mode: 'pessimistic_write' } });
    return series !== null;
  }

  /** The number after the last episode of a series, or of the stand-alone episodes of a category. */
  async nextEpisodeNumber(
    manager: EntityManager,
    seriesId: string | null,
    category: Category,
  ): Promise<number> {
    const [{ next }]: Array<{ next: number }> = await manager.query(
      seriesId
        ? `SELECT coalesce(max(episode_number), 0) + 1 AS next FROM episode WHERE series_id = $1`
        : `SELECT coalesce(max(episode_number), 0) + 1 AS next FROM episode WHERE series_id IS NULL AND category = $1`,
      [seriesId ?? category],
    );
    return next;
  }

  insert(manager: EntityManager, fields: DeepPartial<EpisodeEntity>): Promise<EpisodeEntity> {
    const episodes = manager.getRepository(EpisodeEntity);
    return episodes.save(episodes.create(fields));
  }

  save(manager: EntityManager, episode: EpisodeEntity): Promise<EpisodeEntity> {
    return manager.getRepository(EpisodeEntity).save(episode);
  }

  async delete(manager: EntityManager, id: string): Promise<void> {
    await manager.getRepository(EpisodeEntity).delete({ id });
  }
}
