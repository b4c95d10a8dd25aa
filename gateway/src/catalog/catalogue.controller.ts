import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Subjects, type MaturityLevel } from '@chitram/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PublicIdentified } from '../auth/access';
import { CallerProfiles } from '../users/caller-profiles';
import { CatalogueAnswers, type AnswerOptions } from './catalogue-answers';
import { SearchRateLimit } from './search-rate-limit';

/** A catalogue answer's options for a caller of this kids level (D37); as given for an adult's. */
function atLevel(level: MaturityLevel | null, options: AnswerOptions, title = false): AnswerOptions {
  return level ? { ...options, maturity: { level, title } } : options;
}

/**
 * The public catalogue of SPEC §7: answers pass through unchanged from the catalog service (which
 * validates every parameter) and are cached here whole, with an ETag and Cache-Control. Open to
 * anyone; a caller who sends a token is identified, and a kids profile's answers leave out the titles
 * above its level (D37).
 */
@ApiTags('catalogue')
@PublicIdentified()
@Controller()
export class CatalogueController {
  constructor(
    private readonly answers: CatalogueAnswers,
    private readonly searchLimit: SearchRateLimit,
    private readonly callers: CallerProfiles,
  ) {}

  /** The answer's options for the caller: a kids profile's level (D37), nothing for anyone else. */
  private async forCaller(request: FastifyRequest, options: AnswerOptions = {}, title = false) {
    return atLevel(await this.callers.kidsLevel(request.principal), options, title);
  }

  @Get('home/content')
  @ApiOperation({ summary: '{ genreMovies: { [genre]: Movie[] } }: newest titles per genre, for a language' })
  async homeContent(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @Query('language') language?: string,
  ): Promise<void> {
    return this.answers.answer(
      request,
      reply,
      Subjects.catalog.homeContent,
      { language },
      await this.forCaller(request),
    );
  }

  @Get('home/viewall/:group')
  @ApiOperation({ summary: 'Movie[]: a view-all group (a genre: trending, featured, south-favourites, ...)' })
  async viewAll(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @Param('group') group: string,
    @Query('language') language?: string,
    @Query('page') page?: string,
  ): Promise<void> {
    return this.answers.answer(
      request,
      reply,
      Subjects.catalog.movieGroup,
      { group, language, page },
      await this.forCaller(request),
    );
  }

  @Get('home/languages/:language')
  @ApiOperation({ summary: 'Movie[]: the titles of one language, newest first' })
  async byLanguage(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @Param('language') language: string,
    @Query('page') page?: string,
  ): Promise<void> {
    return this.answers.answer(
      request,
      reply,
      Subjects.catalog.languageMovies,
      { language, page },
      await this.forCaller(request),
    );
  }

  @Get('home/search')
  @ApiOperation({
    summary: 'Movie[]: titles by relevance over title, cast and description; [] for an empty term',
  })
  async search(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @Query('q') q?: string,
  ): Promise<void> {
    return this.answers.answer(
      request,
      reply,
      Subjects.catalog.search,
      { q },
      {
        // The profile first: the limit's count starts only when the read is sure to be made.
        ...(await this.forCaller(request, { keep: 'when-asked-again' })),
        admission: this.searchLimit.admit(request),
      },
    );
  }

  @Get('search')
  @ApiOperation({
    summary:
      '{ movies: Movie[], series: Series[], episodes: Episode[] }: what a term finds by kind, each group by relevance over title, cast and description (movies as home/search answers them); empty groups for an empty term',
  })
  async searchTitles(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @Query('q') q?: string,
  ): Promise<void> {
    // The same limit as the film search: one search box asks one or the other.
    return this.answers.answer(
      request,
      reply,
      Subjects.catalog.searchTitles,
      { q },
      {
        // The profile first: the limit's count starts only when the read is sure to be made.
        ...(await this.forCaller(request, { keep: 'when-asked-again' })),
        admission: this.searchLimit.admit(request),
      },
    );
  }

  @Get('movie/:idOrSlug')
  @ApiOperation({ summary: '{ meta: Movie }: a title by id or by slug (D10)' })
  async movie(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @Param('idOrSlug') idOrSlug: string,
  ): Promise<void> {
    return this.answers.answer(
      request,
      reply,
      Subjects.catalog.movies.meta,
      { idOrSlug },
      await this.forCaller(request, {}, true),
    );
  }

  @Get('movie/:idOrSlug/more-like-this')
  @ApiOperation({
    summary: 'Movie[]: titles of the same language sharing a genre, playable ones first (issue 19)',
  })
  async moreLikeThis(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @Param('idOrSlug') idOrSlug: string,
  ): Promise<void> {
    return this.answers.answer(
      request,
      reply,
      Subjects.catalog.movies.moreLikeThis,
      { idOrSlug },
      await this.forCaller(request),
    );
  }

  @Get('series/episodes/:id/more-like-this')
  @ApiOperation({
    summary:
      "Movie[]: films of the episode's series' language sharing one of its genres, playable ones first; none without a series (issue 19)",
  })
  async episodeMoreLikeThis(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @Param('id') id: string,
  ): Promise<void> {
    return this.answers.answer(
      request,
      reply,
      Subjects.catalog.episodes.moreLikeThis,
      { id },
      await this.forCaller(request),
    );
  }

  @Get('series/category/:category/episodes')
  @ApiOperation({ summary: '{ episodes: Episode[] }: a category page (political, health, education)' })
  async categoryEpisodes(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @Param('category') category: string,
  ): Promise<void> {
    return this.answers.answer(
      request,
      reply,
      Subjects.catalog.episodes.byCategory,
      { category },
      await this.forCaller(request),
    );
  }

  @Get('series/episodes')
  @ApiOperation({
    summary: '{ paginatedEpisodes, currentPage, totalEpisodes, totalPages }: shows, 10 a page',
  })
  async episodes(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @Query('page') page?: string,
    @Query('search') search?: string,
  ): Promise<void> {
    // A kids profile's page is made at its level, so its totals count only what it may see (D37).
    const level = await this.callers.kidsLevel(request.principal);
    return this.answers.answer(
      request,
      reply,
      Subjects.catalog.episodes.page,
      { page, search, ...(level ? { maturity: level } : {}) },
      atLevel(level, { keep: search ? 'when-asked-again' : 'always' }),
    );
  }
}
