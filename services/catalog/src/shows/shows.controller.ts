import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  AdminCatalogueDelete,
  AdminCreateEpisode,
  AdminCreateSeries,
  AdminUpdateEpisode,
  AdminUpdateSeries,
  CatalogueIdRequest,
  SeriesPageRequest,
  Subjects,
  type CatalogueItemRemoved,
  type Episode,
  type EpisodeSaved,
  type SeriesPage,
  type SeriesSaved,
  type SeriesWithEpisodes,
} from '@chitram/contracts';
import { EpisodeCatalogue } from './episode-catalogue';
import { SeriesCatalogue } from './series-catalogue';
import { Handles } from '@chitram/nest-kit';

/** Episodes and series for admins: never cached. */
@Controller()
export class ShowsController {
  constructor(
    private readonly episodes: EpisodeCatalogue,
    private readonly series: SeriesCatalogue,
  ) {}

  @Handles(Subjects.catalog.episodes.get)
  getEpisode(@Payload() request: CatalogueIdRequest): Promise<Episode> {
    return this.episodes.get(request.id);
  }

  @Handles(Subjects.catalog.episodes.create)
  createEpisode(@Payload() request: AdminCreateEpisode): Promise<EpisodeSaved> {
    return this.episodes.create(request);
  }

  @Handles(Subjects.catalog.episodes.update)
  updateEpisode(@Payload() request: AdminUpdateEpisode): Promise<EpisodeSaved> {
    return this.episodes.update(request);
  }

  @Handles(Subjects.catalog.episodes.delete)
  removeEpisode(@Payload() request: AdminCatalogueDelete): Promise<CatalogueItemRemoved> {
    return this.episodes.remove(request.id, request.actor);
  }

  @Handles(Subjects.catalog.series.list)
  listSeries(@Payload() request: SeriesPageRequest): Promise<SeriesPage> {
    return this.series.list(request);
  }

  @Handles(Subjects.catalog.series.get)
  getSeries(@Payload() request: CatalogueIdRequest): Promise<SeriesWithEpisodes> {
    return this.series.get(request.id);
  }

  @Handles(Subjects.catalog.series.create)
  createSeries(@Payload() request: AdminCreateSeries): Promise<SeriesSaved> {
    return this.series.create(request);
  }

  @Handles(Subjects.catalog.series.update)
  updateSeries(@Payload() request: AdminUpdateSeries): Promise<SeriesSaved> {
    return this.series.update(request);
  }

  @Handles(Subjects.catalog.series.delete)
  removeSeries(@Payload() request: AdminCatalogueDelete): Promise<CatalogueItemRemoved> {
    return this.series.remove(request.id, request.actor);
  }
}
