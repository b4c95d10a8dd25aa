import { Controller, HttpCode, Param, Patch, Post, Req } from '@nestjs/common';
import { ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  CreateEpisodeRequest,
  CreateMovieRequest,
  CreateSeriesRequest,
  Subjects,
  UpdateEpisodeRequest,
  UpdateMovieRequest,
  UpdateSeriesRequest,
  type AdminActor,
  type AdminMovie,
  type Episode,
  type SeriesWithEpisodes,
  type Subject,
} from '@chitram/contracts';
import { RpcClient } from '@chitram/nest-kit';
import type { FastifyRequest } from 'fastify';
import {
  checkPayload,
  formPayload,
  MOVIE_FORM,
  SERIES_FORM,
  SHOW_FORM,
  uploadSpec,
  type FormShape,
} from './forms';
import { Actor } from '../admin/audit-actor';
import { AdminRoute } from '../auth/access';
import { MediaClient } from './media.client';
import { receiveUploadForm, saveWithUploads } from './upload-form';

/**
 * The admin's multipart forms (SPEC §7, DECISIONS D11, D30): each file is streamed to the media
 * service as it arrives, the text fields are checked, and the catalogue is written with the stored
 * keys. A failure anywhere leaves neither a half-saved title nor a stored file that nothing uses.
 */
@ApiTags('admin')
@AdminRoute('catalogue')
@Controller()
export class AdminUploadsController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly media: MediaClient,
  ) {}

  @Post('admin/movies')
  @HttpCode(201)
  @ApiConsumes('multipart/form-data')
  @ApiOperation({
    summary:
      'Upload a movie: SPEC §3 fields (cast comma-separated, genre repeated, isFree true/false), files thumbnail, banner, titleImage',
  })
  async createMovie(@Req() request: FastifyRequest, @Actor() actor: AdminActor): Promise<AdminMovie> {
    const saved = await this.save(
      request,
      actor,
      MOVIE_FORM,
      CreateMovieRequest,
      {},
      Subjects.catalog.movies.create,
    );
    return saved.movie;
  }

  @Patch('admin/movies/update/:id')
  @ApiConsumes('multipart/form-data')
  @ApiOperation({
    summary: 'Update a movie: every field optional, empty ones left out; new files replace the old',
  })
  async updateMovie(
    @Req() request: FastifyRequest,
    @Param('id') id: string,
    @Actor() actor: AdminActor,
  ): Promise<AdminMovie> {
    // Nothing is uploaded for a movie that does not exist.
    await this.rpc.call(Subjects.catalog.movies.get, { id });
    const saved = await this.save(
      request,
      actor,
      MOVIE_FORM,
      UpdateMovieRequest,
      { id },
      Subjects.catalog.movies.update,
    );
    return saved.movie;
  }

  @Post('series/upload-episode')
  @HttpCode(201)
  @ApiConsumes('multipart/form-data')
  @ApiOperation({ summary: 'Upload a show (episode): SPEC §3 episode fields, files banner and titleImage' })
  async createShow(@Req() request: FastifyRequest, @Actor() actor: AdminActor): Promise<Episode> {
    const saved = await this.save(
      request,
      actor,
      SHOW_FORM,
      CreateEpisodeRequest,
      {},
      Subjects.catalog.episodes.create,
    );
    return saved.episode;
  }

  @Patch('series/show/:seriesId/episodes/:id')
  @ApiConsumes('multipart/form-data')
  @ApiOperation({
    summary: 'Update a show: cast[] repeated, empty fields left out; files banner and titleImage',
  })
  async updateShow(
    @Req() request: FastifyRequest,
    @Param('id') id: string,
    @Actor() actor: AdminActor,
  ): Promise<Episode> {
    await this.rpc.call(Subjects.catalog.episodes.get, { id });
    const saved = await this.save(
      request,
      actor,
      SHOW_FORM,
      UpdateEpisodeRequest,
      { id },
      Subjects.catalog.episodes.update,
    );
    return saved.episode;
  }

  @Post('admin/series')
  @HttpCode(201)
  @ApiConsumes('multipart/form-data')
  @ApiOperation({
    summary:
      'Create a series with its episodes (D11): series fields, titleImage, and blocks episodes[i][title|videoUrl|description|releaseDate|duration|banner]',
  })
  async createSeries(
    @Req() request: FastifyRequest,
    @Actor() actor: AdminActor,
  ): Promise<SeriesWithEpisodes> {
    const saved = await this.save(
      request,
      actor,
      SERIES_FORM,
      CreateSeriesRequest,
      {},
      Subjects.catalog.series.create,
    );
    return saved.series;
  }

  @Patch('admin/series/:id')
  @ApiConsumes('multipart/form-data')
  @ApiOperation({
    summary:
      'Update a series; episodes, when sent, are the whole new list (blocks with episodes[i][id] keep that episode)',
  })
  async updateSeries(
    @Req() request: FastifyRequest,
    @Param('id') id: string,
    @Actor() actor: AdminActor,
  ): Promise<SeriesWithEpisodes> {
    await this.rpc.call(Subjects.catalog.series.get, { id });
    const saved = await this.save(
      request,
      actor,
      SERIES_FORM,
      UpdateSeriesRequest,
      { id },
      Subjects.catalog.series.update,
    );
    return saved.series;
  }

  private async save<Request, Reply>(
    request: FastifyRequest,
    actor: AdminActor,
    shape: FormShape,
    rules: new () => object,
    fixed: Record<string, unknown>,
    subject: Subject<Request, Reply>,
  ): Promise<Reply> {
    const form = await receiveUploadForm(request, uploadSpec(shape), this.media);
    // Images an edit replaced are removed by the media service when the catalogue announces them
    // (Events.catalogImagesReleased, from its outbox), not here: that survives a crash in between.
    return saveWithUploads(form, this.media, async () => {
      const payload = { ...formPayload(form, shape), ...fixed };
      await checkPayload(rules, payload, shape);
      // Who saves it goes with it, for the audit trail; never from the form.
      // The form's text, checked above against the request's own rules: the catalog reads it into the
      // request's types (lists, numbers, flags) the same way.
      return this.rpc.call(subject, { ...payload, actor } as Request);
    });
  }
}
