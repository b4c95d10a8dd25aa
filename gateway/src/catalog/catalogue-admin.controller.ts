import { Controller, Delete, Get, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  Subjects,
  type AdminActor,
  type AdminCatalogueDelete,
  type AdminMovie,
  type AdminMoviePage,
  type AdminMoviePageRequest,
  type CatalogueItemRemoved,
  type Episode,
  type SeriesPage,
  type SeriesWithEpisodes,
  type QueryText,
  type Subject,
} from '@chitram/contracts';
import { RpcClient } from '@chitram/nest-kit';
import { Actor } from '../admin/audit-actor';
import { AdminRoute } from '../auth/access';
import { CatalogueAnswers } from './catalogue-answers';

/**
 * A page of an admin list as its query came in (QueryText): the catalog reads the page's text as a
 * whole number, and refuses it when it is not one, as it reads a form's numbers. Said to the compiler
 * here, once.
 */
function pageQuery(query: QueryText<AdminMoviePageRequest>): AdminMoviePageRequest {
  return query as AdminMoviePageRequest;
}

/** What a delete answers: the id, and a line for the admin's toast. */
export interface Deleted {
  _id: string;
  message: string;
}

/**
 * The admins' catalogue routes that carry no file (the multipart forms are in src/media). Reads are
 * never cached; a delete empties the gateway's answer cache at once (the catalog announces it too).
 */
@ApiTags('admin')
@AdminRoute('catalogue')
@Controller()
export class CatalogueAdminController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly answers: CatalogueAnswers,
  ) {}

  private async removed(
    subject: Subject<AdminCatalogueDelete, CatalogueItemRemoved>,
    request: AdminCatalogueDelete,
    message: string,
  ): Promise<Deleted> {
    const { _id } = await this.rpc.call(subject, request);
    this.answers.clear();
    return { _id, message };
  }

  @Get('admin/movies')
  @ApiOperation({ summary: '{ movies, currentPage, totalMovies, totalPages }: 10 a page, searched by title' })
  movies(@Query('page') page?: string, @Query('search') search?: string): Promise<AdminMoviePage> {
    return this.rpc.call(Subjects.catalog.movies.page, pageQuery({ page, search }));
  }

  @Get('admin/movies/:id')
  @ApiOperation({ summary: 'A movie with its stream link, for the edit form (D7)' })
  movie(@Param('id') id: string): Promise<AdminMovie> {
    return this.rpc.call(Subjects.catalog.movies.get, { id });
  }

  @Delete('admin/movie/delete/:id')
  @ApiOperation({ summary: 'Deletes a movie' })
  deleteMovie(@Param('id') id: string, @Actor() actor: AdminActor): Promise<Deleted> {
    return this.removed(Subjects.catalog.movies.delete, { id, actor }, 'Movie deleted.');
  }

  @Get('series/episodes/:id')
  @ApiOperation({ summary: 'One show (episode), for the show form' })
  episode(@Param('id') id: string): Promise<Episode> {
    return this.rpc.call(Subjects.catalog.episodes.get, { id });
  }

  @Delete('series/episodes/:id')
  @ApiOperation({ summary: 'Deletes a show (episode)' })
  deleteEpisode(@Param('id') id: string, @Actor() actor: AdminActor): Promise<Deleted> {
    return this.removed(Subjects.catalog.episodes.delete, { id, actor }, 'Show deleted.');
  }

  @Get('admin/series')
  @ApiOperation({
    summary: '{ series, currentPage, totalSeries, totalPages }: 10 a page, searched by title (D11)',
  })
  seriesList(@Query('page') page?: string, @Query('search') search?: string): Promise<SeriesPage> {
    return this.rpc.call(Subjects.catalog.series.list, pageQuery({ page, search }));
  }

  @Get('admin/series/:id')
  @ApiOperation({ summary: 'A series with its episodes, for the series form' })
  series(@Param('id') id: string): Promise<SeriesWithEpisodes> {
    return this.rpc.call(Subjects.catalog.series.get, { id });
  }

  @Delete('admin/series/:id')
  @ApiOperation({ summary: 'Deletes a series and its episodes' })
  deleteSeries(@Param('id') id: string, @Actor() actor: AdminActor): Promise<Deleted> {
    return this.removed(Subjects.catalog.series.delete, { id, actor }, 'Series deleted.');
  }
}
