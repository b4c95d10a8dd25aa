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
import { DataSource, type EntityManager } from 'typeorm';
import { type EmitEvent, Outbox, recordAdminAction } from '@chitram/nest-kit';
import { CatalogueChanges } from '../cache/catalogue-changes';
import { announceTitlesRemoved, definedFields, pageOf, releaseImages, releaseVideos } from '../catalogue-kit';
import { seriesNotFound } from './episode-catalogue';
import { EpisodeEntity } from './episode.entity';
import { SeriesEntity } from './series.entity';
import { SeriesRepository } from './series.repository';
import { seriesRef, seriesSnapshot } from './show-records';
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
    private readonly store: SeriesRepository,
    private readonly changes: CatalogueChanges,
    private readonly outbox: Outbox,
    private readonly dataSource: DataSource,
  ) {}

  async list(request: SeriesPageRequest): Promise<SeriesPage> {
    const { page, offset } = pageOf(request.page, ADMIN_PAGE_SIZE);
    const { rows, total } = await this.store.page(request.search, offset);
    return {
      series: rows.map((row) => toSeries(row.series, row.episodes)),
      currentPage: page,
      totalSeries: total,
      totalPages: Math.ceil(total / ADMIN_PAGE_SIZE),
    };
  }

  /** A series with its episodes, and the audit trail's snapshot of them; null when it does not exist. */
  private async read(manager: EntityManager, id: string) {
    const series = await this.store.find(manager, id);
    if (!series) return null;
    const episodes = await this.store.episodesOf(manager, id);
    return {
      answer: { ...toSeries(series, episodes.length), episodes: episodes.map(toEpisode) },
      record: seriesSnapshot(series, episodes),
    };
  }

  private async load(manager: EntityManager, id: string): Promise<SeriesWithEpisodes> {
    const read = await this.read(manager, id);
    if (!read) throw seriesNotFound(id);
    return read.answer;
  }

  get(id: string): Promise<SeriesWithEpisodes> {
    return this.load(this.dataSource.manager, id);
  }

  async create(request: AdminCreateSeries): Promise<SeriesSaved> {
    const saved = await this.outbox.transaction(async (manager, emit) => {
      const series = await this.store.insert(manager, {
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
      });
      await this.store.saveEpisodes(
        manager,
        request.episodes.map((block, i) => episodeFromBlock(block, series, i + 1)),
      );
      const read = (await this.read(manager, series.id))!;
      await recordAdminAction(emit, request.actor, {
        action: 'created',
        entity: seriesRef(series),
        after: read.record,
      });
      return read.answer;
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
      const series = await this.store.find(manager, id, true);
      if (!series) throw seriesNotFound(id);
      // Read only for an admin's write: the seed's writes are not recorded.
      const before = actor && (await this.read(manager, id))!.record;
      const current = await this.store.episodesOf(manager, id);
      const replaced: Array<string | null | undefined> = [];
      if (changes.titleImage !== undefined && changes.titleImage !== series.titleImage)
        replaced.push(series.titleImage);
      Object.assign(series, changes);
      if (Object.keys(changes).length > 0) await this.store.save(manager, series);

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
        const partner = await this.store.seriesPartnerOf(manager, id);
        const kept = blocks.flatMap((block) => (block.id ? [block.id] : []));
        const dropped = current.filter((episode) => !kept.includes(episode.id));
        replaced.push(...dropped.flatMap((episode) => [episode.banner, episode.titleImage]));
        await this.store.deleteEpisodes(
          manager,
          dropped.map((episode) => episode.id),
        );
        const saves = blocks.map((block, i) => {
          const existing = block.id ? byId.get(block.id) : undefined;
          if (existing?.banner !== block.bannerUrl) replaced.push(existing?.banner);
          if (existing?.titleImage !== series.titleImage) replaced.push(existing?.titleImage);
          return Object.assign(existing ?? {}, episodeFromBlock(block, series, i + 1));
        });
        const saved = await this.store.saveEpisodes(manager, saves);
        const added = saved.filter((_, i) => !blocks[i].id).map((episode) => episode.id);
        await this.store.inheritSeriesPartner(manager, partner, added);
      } else if (Object.keys(changes).some((key) => key in inherited(series))) {
        await this.store.updateEpisodesOf(manager, id, inherited(series));
      }
      const after = (await this.read(manager, id))!;
      await recordAdminAction(emit, actor, {
        action: 'updated',
        entity: seriesRef(series),
        before,
        after: after.record,
      });
      return { series: after.answer, released: await this.releaseImages(manager, emit, replaced) };
    });
    await this.changes.announce();
    return { series: result.series, releasedImageKeys: result.released };
  }

  async remove(id: string, actor?: AdminActor): Promise<CatalogueItemRemoved> {
    const released = await this.outbox.transaction(async (manager, emit) => {
      const series = await this.store.find(manager, id);
      if (!series) throw seriesNotFound(id);
      const episodes = await this.store.episodesOf(manager, id);
      await recordAdminAction(emit, actor, {
        action: 'deleted',
        entity: seriesRef(series),
        before: seriesSnapshot(series, episodes),
      });
      await this.store.delete(manager, id);
      await releaseVideos(
        emit,
        episodes.map((episode) => episode.videoId),
      );
      await announceTitlesRemoved(
        emit,
        'episode',
        episodes.map((episode) => episode.id),
      );
      return this.releaseImages(manager, emit, [
        series.titleImage,
        ...episodes.flatMap((episode) => [episode.banner, episode.titleImage]),
      ]);
    });
    await this.changes.announce();
    return { _id: id, releasedImageKeys: released };
  }

  private releaseImages(manager: EntityManager, emit: EmitEvent, before: Array<string | null | undefined>) {
    return releaseImages(manager, emit, before, (m, keys) => this.store.unusedImages(m, keys));
  }
}
