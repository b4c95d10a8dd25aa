import { Injectable } from '@nestjs/common';
import {
  ADMIN_PAGE_SIZE,
  DomainError,
  ErrorCode,
  type AdminActor,
  type AdminCreateSeries,
  type AdminUpdateSeries,
  type CatalogueItemRemoved,
  type SeriesEpisodeInput,
  type SeriesPage,
  type SeriesPageRequest,
  type SeriesSaved,
  type SeriesWithEpisodes,
} from '@chitram/contracts';
import { DataSource, type EntityManager, In } from 'typeorm';
import { Outbox, recordAdminAction } from '@chitram/nest-kit';
import { CatalogueChanges } from '../cache/catalogue-changes';
import { inheritSeriesPartner, seriesPartnerOf } from '../partners/series-partner';
import {
  announceTitlesRemoved,
  containsPattern,
  definedFields,
  pageOf,
  releaseImages,
  releaseVideos,
} from '../catalogue-kit';
import { seriesNotFound } from './episode-catalogue';
import { EpisodeEntity } from './episode.entity';
import { SeriesEntity } from './series.entity';
import { seriesRecord, seriesRef } from './show-records';
import { toEpisode, toSeries } from './show.view';

/** The series-level fields its episodes carry too (they show on category pages on their own). */
function inherited(series: SeriesEntity): Pick<EpisodeEntity, 'cast' | 'rating' | 'category' | 'titleImage'> {
  return {
    cast: series.cast,
    rating: series.rating,
    category: series.category,
    titleImage: series.titleImage,
  };
}

function episodeFromBlock(block: SeriesEpisodeInput, series: SeriesEntity, episodeNumber: number) {
  return {
    seriesId: series.id,
    title: block.title,
    description: block.description,
    videoUrl: block.videoUrl ?? '',
    duration: block.duration,
    releaseDate: block.releaseDate,
    banner: block.bannerUrl,
    episodeNumber,
    ...inherited(series),
  };
}

/** Series with their episodes (DECISIONS D11): each form saves the whole series in one transaction. */
@Injectable()
export class SeriesCatalogue {
  constructor(
    private readonly dataSource: DataSource,
    private readonly changes: CatalogueChanges,
    private readonly outbox: Outbox,
  ) {}

  async list(request: SeriesPageRequest): Promise<SeriesPage> {
    const { page, offset } = pageOf(request.page, ADMIN_PAGE_SIZE);
    const where = request.search ? `WHERE s.title ILIKE $1` : '';
    const filter = request.search ? [containsPattern(request.search)] : [];
    const [rows, [{ total }]] = await Promise.all([
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
    const entities = rows.length
      ? await this.dataSource.getRepository(SeriesEntity).findBy({ id: In(rows.map((row) => row.id)) })
      : [];
    const byId = new Map(entities.map((series) => [series.id, series]));
    return {
      // A series deleted between the two reads is left out rather than failing the page.
      series: rows.flatMap((row) => {
        const series = byId.get(row.id);
        return series ? [toSeries(series, row.episodes)] : [];
      }),
      currentPage: page,
      totalSeries: total,
      totalPages: Math.ceil(total / ADMIN_PAGE_SIZE),
    };
  }

  private async load(manager: EntityManager, id: string): Promise<SeriesWithEpisodes> {
    const series = await manager.getRepository(SeriesEntity).findOneBy({ id });
    if (!series) throw seriesNotFound(id);
    const episodes = await manager
      .getRepository(EpisodeEntity)
      .find({ where: { seriesId: id }, order: { episodeNumber: 'ASC', createdAt: 'ASC' } });
    return { ...toSeries(series, episodes.length), episodes: episodes.map(toEpisode) };
  }

  get(id: string): Promise<SeriesWithEpisodes> {
    return this.load(this.dataSource.manager, id);
  }

  async create(request: AdminCreateSeries): Promise<SeriesSaved> {
    const saved = await this.outbox.transaction(async (manager, emit) => {
      const seriesRepository = manager.getRepository(SeriesEntity);
      const series = await seriesRepository.save(
        seriesRepository.create({
          title: request.title,
          description: request.description ?? null,
          trailerUrl: request.trailerUrl ?? null,
          cast: request.cast,
          language: request.language,
          rating: request.rating,
          tags: request.tags ?? [],
          titleImage: request.titlePngUrl ?? null,
          genre: request.genre,
          category: request.category,
        }),
      );
      const episodes = manager.getRepository(EpisodeEntity);
      await episodes.save(
        request.episodes.map((block, i) => episodes.create(episodeFromBlock(block, series, i + 1))),
      );
      await recordAdminAction(emit, request.actor, {
        action: 'created',
        entity: seriesRef(series),
        after: request.actor && (await seriesRecord(manager, series.id)),
      });
      return this.load(manager, series.id);
    });
    await this.changes.announce();
    return { series: saved, releasedImageKeys: [] };
  }

  /**
   * Changes the series fields named. When `episodes` is given it is the new list, in order:
   * blocks with an id change that episode, the others are added, episodes not listed are deleted.
   */
  async update(request: AdminUpdateSeries): Promise<SeriesSaved> {
    const { id, actor, titlePngUrl, episodes: blocks, ...rest } = request;
    const changes = definedFields({ ...rest, titleImage: titlePngUrl });
    const result = await this.outbox.transaction(async (manager, emit) => {
      const seriesRepository = manager.getRepository(SeriesEntity);
      const episodeRepository = manager.getRepository(EpisodeEntity);
      const series = await seriesRepository.findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!series) throw seriesNotFound(id);
      // Read only for an admin's write: the seed's writes are not recorded.
      const before = actor && (await seriesRecord(manager, id));
      const current = await episodeRepository.findBy({ seriesId: id });
      const replaced: Array<string | null | undefined> = [];
      if (changes.titleImage !== undefined && changes.titleImage !== series.titleImage)
        replaced.push(series.titleImage);
      Object.assign(series, changes);
      if (Object.keys(changes).length > 0) await seriesRepository.save(series);

      if (blocks) {
        const byId = new Map(current.map((episode) => [episode.id, episode]));
        const unknown = blocks.findIndex((block) => block.id !== undefined && !byId.has(block.id));
        if (unknown >= 0) {
          throw new DomainError(
            ErrorCode.VALIDATION_FAILED,
            `episodes.${unknown}.id: not an episode of this series`,
            {
              [`episodes.${unknown}.id`]: ['not an episode of this series'],
            },
          );
        }
        // Episodes added here are supplied by the series' partner, as it was before this write.
        const partner = await seriesPartnerOf(manager, id);
        const kept = blocks.flatMap((block) => (block.id ? [block.id] : []));
        const dropped = current.filter((episode) => !kept.includes(episode.id));
        replaced.push(...dropped.flatMap((episode) => [episode.banner, episode.titleImage]));
        if (dropped.length) await episodeRepository.delete({ id: In(dropped.map((episode) => episode.id)) });
        const saves = blocks.map((block, i) => {
          const existing = block.id ? byId.get(block.id) : undefined;
          if (existing?.banner !== block.bannerUrl) replaced.push(existing?.banner);
          if (existing?.titleImage !== series.titleImage) replaced.push(existing?.titleImage);
          return Object.assign(
            existing ?? episodeRepository.create(),
            episodeFromBlock(block, series, i + 1),
          );
        });
        await episodeRepository.save(saves);
        const added = saves.filter((_, i) => !blocks[i].id).map((episode) => episode.id);
        await inheritSeriesPartner(manager, partner, added);
      } else if (Object.keys(changes).some((key) => key in inherited(series))) {
        await episodeRepository.update({ seriesId: id }, inherited(series));
      }
      await recordAdminAction(emit, actor, {
        action: 'updated',
        entity: seriesRef(series),
        before,
        after: actor && (await seriesRecord(manager, id)),
      });
      return { series: await this.load(manager, id), released: await releaseImages(manager, emit, replaced) };
    });
    await this.changes.announce();
    return { series: result.series, releasedImageKeys: result.released };
  }

  async remove(id: string, actor?: AdminActor): Promise<CatalogueItemRemoved> {
    const released = await this.outbox.transaction(async (manager, emit) => {
      const series = await manager.getRepository(SeriesEntity).findOneBy({ id });
      if (!series) throw seriesNotFound(id);
      await recordAdminAction(emit, actor, {
        action: 'deleted',
        entity: seriesRef(series),
        before: actor && (await seriesRecord(manager, id)),
      });
      const episodes = await manager.getRepository(EpisodeEntity).findBy({ seriesId: id });
      // Its episodes go with it (foreign key ON DELETE CASCADE).
      await manager.getRepository(SeriesEntity).delete({ id });
      await releaseVideos(
        emit,
        episodes.map((episode) => episode.videoId),
      );
      await announceTitlesRemoved(
        emit,
        'episode',
        episodes.map((episode) => episode.id),
      );
      return releaseImages(manager, emit, [
        series.titleImage,
        ...episodes.flatMap((episode) => [episode.banner, episode.titleImage]),
      ]);
    });
    await this.changes.announce();
    return { _id: id, releasedImageKeys: released };
  }
}
