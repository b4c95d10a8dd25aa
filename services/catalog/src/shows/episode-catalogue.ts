import { Injectable } from '@nestjs/common';
import {
  ADMIN_PAGE_SIZE,
  CATEGORY_EPISODE_LIMIT,
  DomainError,
  ErrorCode,
  type Category,
  type CategoryEpisodes,
  type AdminActor,
  type AdminCreateEpisode,
  type AdminUpdateEpisode,
  type CatalogueItemRemoved,
  type Episode,
  type EpisodePage,
  type EpisodePageRequest,
  type EpisodeSaved,
} from '@chitram/contracts';
import { DataSource, type EntityManager } from 'typeorm';
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
import { EpisodeEntity } from './episode.entity';
import { SeriesEntity } from './series.entity';
import { episodeRecord, episodeRef } from './show-records';
import { EPISODE_COLUMNS, toEpisode, toPublicEpisode } from './show.view';

export function episodeNotFound(id: string): DomainError {
  return new DomainError(ErrorCode.NOT_FOUND, `There is no episode "${id}".`);
}

export function seriesNotFound(id: string): DomainError {
  return new DomainError(ErrorCode.NOT_FOUND, `There is no series "${id}".`);
}

/** The number after the last episode of a series, or of the stand-alone episodes of a category. */
export async function nextEpisodeNumber(
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

/** Episodes (SPEC's shows): the category pages, the admin list and the show form. */
@Injectable()
export class EpisodeCatalogue {
  constructor(
    private readonly dataSource: DataSource,
    private readonly changes: CatalogueChanges,
    private readonly outbox: Outbox,
  ) {}

  /** A category page: its episodes in episode order, so the first one gives the page its banner. */
  async byCategory(category: Category): Promise<CategoryEpisodes> {
    const rows: EpisodeEntity[] = await this.dataSource.query(
      `SELECT ${EPISODE_COLUMNS} FROM episode e WHERE e.category = $1
       ORDER BY e.episode_number, e.release_date, e.created_at LIMIT ${CATEGORY_EPISODE_LIMIT}`,
      [category],
    );
    // Their series' titles, so the page can group episodes under them (issue 11).
    const series: Array<{ _id: string; title: string }> = await this.dataSource.query(
      `SELECT s.id AS "_id", s.title FROM series s
       WHERE s.id IN (SELECT e.series_id FROM episode e WHERE e.category = $1) ORDER BY s.title`,
      [category],
    );
    return { episodes: rows.map(toPublicEpisode), series };
  }

  /** The shows list: newest first, 10 a page (SPEC §9), searched by title. */
  async page(request: EpisodePageRequest): Promise<EpisodePage> {
    const { page, offset } = pageOf(request.page, ADMIN_PAGE_SIZE);
    const where = request.search ? `WHERE e.title ILIKE $1` : '';
    const filter = request.search ? [containsPattern(request.search)] : [];
    const [rows, [{ total }]] = await Promise.all([
      this.dataSource.query<EpisodeEntity[]>(
        `SELECT ${EPISODE_COLUMNS} FROM episode e ${where} ORDER BY e.created_at DESC, e.id
         LIMIT ${ADMIN_PAGE_SIZE} OFFSET ${offset}`,
        filter,
      ),
      this.dataSource.query<Array<{ total: number }>>(
        `SELECT count(*)::int AS total FROM episode e ${where}`,
        filter,
      ),
    ]);
    return {
      paginatedEpisodes: rows.map(toPublicEpisode),
      currentPage: page,
      totalEpisodes: total,
      totalPages: Math.ceil(total / ADMIN_PAGE_SIZE),
    };
  }

  async get(id: string): Promise<Episode> {
    const episode = await this.dataSource.getRepository(EpisodeEntity).findOneBy({ id });
    if (!episode) throw episodeNotFound(id);
    return toEpisode(episode);
  }

  async create(request: AdminCreateEpisode): Promise<EpisodeSaved> {
    const saved = await this.outbox.transaction(async (manager, emit) => {
      const seriesId = request.seriesId ?? null;
      // Locks the series so two episodes added at once do not get the same number.
      if (
        seriesId &&
        !(await manager
          .getRepository(SeriesEntity)
          .findOne({ where: { id: seriesId }, lock: { mode: 'pessimistic_write' } }))
      )
        throw seriesNotFound(seriesId);
      // A new episode of a series is supplied by the series' partner, if it has one.
      const partner = seriesId ? await seriesPartnerOf(manager, seriesId) : null;
      const episodes = manager.getRepository(EpisodeEntity);
      const episode = await episodes.save(
        episodes.create({
          seriesId,
          title: request.title,
          description: request.description,
          videoUrl: request.videoUrl ?? '',
          duration: request.duration,
          releaseDate: request.releaseDate,
          cast: request.cast ?? [],
          rating: request.rating,
          category: request.category,
          banner: request.bannerUrl,
          titleImage: request.titlePngUrl ?? null,
          episodeNumber:
            request.episodeNumber ?? (await nextEpisodeNumber(manager, seriesId, request.category)),
        }),
      );
      await inheritSeriesPartner(manager, partner, [episode.id]);
      await recordAdminAction(emit, request.actor, {
        action: 'created',
        entity: episodeRef(episode),
        after: episodeRecord(episode),
      });
      return episode;
    });
    await this.changes.announce();
    return { episode: toEpisode(saved), releasedImageKeys: [] };
  }

  /** Changes the fields named; empty ones were already left out by the payload's rules (SPEC §5). */
  async update(request: AdminUpdateEpisode): Promise<EpisodeSaved> {
    const { id, actor, bannerUrl, titlePngUrl, ...rest } = request;
    const changes = definedFields({ ...rest, banner: bannerUrl, titleImage: titlePngUrl });
    const result = await this.outbox.transaction(async (manager, emit) => {
      const episode = await manager.getRepository(EpisodeEntity).findOneBy({ id });
      if (!episode) throw episodeNotFound(id);
      if (Object.keys(changes).length === 0) return { episode, released: [], changed: false };
      const replaced = (['banner', 'titleImage'] as const)
        .filter((key) => changes[key] !== undefined && changes[key] !== episode[key])
        .map((key) => episode[key]);
      const before = episodeRecord(episode);
      Object.assign(episode, changes);
      const saved = await manager.getRepository(EpisodeEntity).save(episode);
      const after = episodeRecord(saved);
      await recordAdminAction(emit, actor, { action: 'updated', entity: episodeRef(saved), before, after });
      return { episode: saved, released: await releaseImages(manager, emit, replaced), changed: true };
    });
    if (result.changed) await this.changes.announce();
    return { episode: toEpisode(result.episode), releasedImageKeys: result.released };
  }

  async remove(id: string, actor?: AdminActor): Promise<CatalogueItemRemoved> {
    const released = await this.outbox.transaction(async (manager, emit) => {
      const episode = await manager.getRepository(EpisodeEntity).findOneBy({ id });
      if (!episode) throw episodeNotFound(id);
      await manager.getRepository(EpisodeEntity).delete({ id });
      await recordAdminAction(emit, actor, {
        action: 'deleted',
        entity: episodeRef(episode),
        before: episodeRecord(episode),
      });
      await releaseVideos(emit, [episode.videoId]);
      await announceTitlesRemoved(emit, 'episode', [id]);
      return releaseImages(manager, emit, [episode.banner, episode.titleImage]);
    });
    await this.changes.announce();
    return { _id: id, releasedImageKeys: released };
  }
}
