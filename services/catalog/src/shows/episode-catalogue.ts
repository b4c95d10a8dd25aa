import { Injectable } from '@nestjs/common';
import {
  ADMIN_PAGE_SIZE,
  DomainError,
  ErrorCode,
  ratingsFor,
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
  type Genre,
  type Language,
} from '@chitram/contracts';
import type { EntityManager } from 'typeorm';
import { type EmitEvent, Outbox, recordAdminAction } from '@chitram/nest-kit';
import { CatalogueChanges } from '../cache/catalogue-changes';
import { announceTitlesRemoved, definedFields, pageOf, releaseImages, releaseVideos } from '../catalogue-kit';
import { EpisodesRepository } from './episodes.repository';
import { episodeRecord, episodeRef } from './show-records';
import { toEpisode, toPublicEpisode } from './show.view';

export function episodeNotFound(id: string): DomainError {
  return new DomainError(ErrorCode.NOT_FOUND, `There is no episode "${id}".`);
}

export function seriesNotFound(id: string): DomainError {
  return new DomainError(ErrorCode.NOT_FOUND, `There is no series "${id}".`);
}

/** Episodes (SPEC's shows): the category pages, the admin list and the show form. */
@Injectable()
export class EpisodeCatalogue {
  constructor(
    private readonly episodes: EpisodesRepository,
    private readonly changes: CatalogueChanges,
    private readonly outbox: Outbox,
  ) {}

  /** A category page: its episodes in episode order, so the first one gives the page its banner. */
  async byCategory(category: Category): Promise<CategoryEpisodes> {
    // With their series' titles, so the page can group episodes under them (issue 11).
    const { rows, series } = await this.episodes.ofCategory(category);
    return { episodes: rows.map(toPublicEpisode), series };
  }

  /** The shows list: newest first, 10 a page (SPEC §9), searched by title; a kids profile's at its level. */
  async page(request: EpisodePageRequest): Promise<EpisodePage> {
    const { page, offset } = pageOf(request.page, ADMIN_PAGE_SIZE);
    const ratings = request.maturity ? ratingsFor(request.maturity) : undefined;
    const { rows, total } = await this.episodes.page(request.search, offset, ratings);
    return {
      paginatedEpisodes: rows.map(toPublicEpisode),
      currentPage: page,
      totalEpisodes: total,
      totalPages: Math.ceil(total / ADMIN_PAGE_SIZE),
    };
  }

  async get(id: string): Promise<Episode> {
    const episode = await this.episodes.find(id);
    if (!episode) throw episodeNotFound(id);
    return toEpisode(episode);
  }

  /** The language and genres of an episode's series (its "More like this", issue 19); null without a series. */
  async seriesTaste(id: string): Promise<{ language: Language; genre: Genre[] } | null> {
    const taste = await this.episodes.seriesTaste(id);
    if (taste === undefined) throw episodeNotFound(id);
    return taste;
  }

  async create(request: AdminCreateEpisode): Promise<EpisodeSaved> {
    const saved = await this.outbox.transaction(async (manager, emit) => {
      const seriesId = request.seriesId ?? null;
      // Locks the series so two episodes added at once do not get the same number.
      if (seriesId && !(await this.episodes.lockSeries(manager, seriesId))) throw seriesNotFound(seriesId);
      // A new episode of a series is supplied by the series' partner, if it has one.
      const partner = seriesId ? await this.episodes.seriesPartnerOf(manager, seriesId) : null;
      const episode = await this.episodes.insert(manager, {
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
          request.episodeNumber ??
          (await this.episodes.nextEpisodeNumber(manager, seriesId, request.category)),
      });
      await this.episodes.inheritSeriesPartner(manager, partner, [episode.id]);
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
      const episode = await this.episodes.find(id, manager);
      if (!episode) throw episodeNotFound(id);
      if (Object.keys(changes).length === 0) return { episode, released: [], changed: false };
      const replaced = (['banner', 'titleImage'] as const)
        .filter((key) => changes[key] !== undefined && changes[key] !== episode[key])
        .map((key) => episode[key]);
      const before = episodeRecord(episode);
      Object.assign(episode, changes);
      const saved = await this.episodes.save(manager, episode);
      const after = episodeRecord(saved);
      await recordAdminAction(emit, actor, { action: 'updated', entity: episodeRef(saved), before, after });
      return { episode: saved, released: await this.releaseImages(manager, emit, replaced), changed: true };
    });
    if (result.changed) await this.changes.announce();
    return { episode: toEpisode(result.episode), releasedImageKeys: result.released };
  }

  async remove(id: string, actor?: AdminActor): Promise<CatalogueItemRemoved> {
    const released = await this.outbox.transaction(async (manager, emit) => {
      const episode = await this.episodes.find(id, manager);
      if (!episode) throw episodeNotFound(id);
      await this.episodes.delete(manager, id);
      await recordAdminAction(emit, actor, {
        action: 'deleted',
        entity: episodeRef(episode),
        before: episodeRecord(episode),
      });
      await releaseVideos(emit, [episode.videoId]);
      await announceTitlesRemoved(emit, 'episode', [id]);
      return this.releaseImages(manager, emit, [episode.banner, episode.titleImage]);
    });
    await this.changes.announce();
    return { _id: id, releasedImageKeys: released };
  }

  private releaseImages(manager: EntityManager, emit: EmitEvent, before: Array<string | null | undefined>) {
    return releaseImages(manager, emit, before, (m, keys) => this.episodes.unusedImages(m, keys));
  }
}
