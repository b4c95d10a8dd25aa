import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Subjects } from '@chitram/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../auth/access';
import { CatalogueAnswers } from './catalogue-answers';
import { SearchRateLimit } from './search-rate-limit';

/**
 * The public catalogue of SPEC §7: answers pass through unchanged from the catalog service (which
 * validates every parameter) and are cached here whole, with an ETag and Cache-Control.
 */
@ApiTags('catalogue')
@Public()
@Controller()
export class CatalogueController {
  constructor(
    private readonly answers: CatalogueAnswers,
    private readonly searchLimit: SearchRateLimit,
  ) {}

  @Get('home/content')
  @ApiOperation({ summary: '{ genreMovies: { [genre]: Movie[] } }: newest titles per genre, for a language' })
  homeContent(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @Query('language') language?: string,
  ): Promise<void> {
    return this.answers.answer(request, reply, Subjects.catalog.homeContent, { language });
  }

  @Get('home/viewall/:group')
  @ApiOperation({ summary: 'Movie[]: a view-all group (a genre: trending, featured, south-favourites, ...)' })
  viewAll(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @Param('group') group: string,
    @Query('language') language?: string,
    @Query('page') page?: string,
  ): Promise<void> {
    return this.answers.answer(request, reply, Subjects.catalog.movieGroup, { group, language, page });
  }

  @Get('home/languages/:language')
  @ApiOperation({ summary: 'Movie[]: the titles of one language, newest first' })
  byLanguage(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @Param('language') language: string,
    @Query('page') page?: string,
  ): Promise<void> {
    return this.answers.answer(request, reply, Subjects.catalog.languageMovies, { language, page });
  }

  @Get('home/search')
  @ApiOperation({
    summary: 'Movie[]: titles by relevance over title, cast and description; [] for an empty term',
  })
  search(@Req() request: FastifyRequest, @Res() reply: FastifyReply, @Query('q') q?: string): Promise<void> {
    return this.answers.answer(
      request,
      reply,
      Subjects.catalog.search,
      { q },
      { admission: this.searchLimit.admit(request), keep: 'when-asked-again' },
    );
  }

  @Get('search')
  @ApiOperation({
    summary:
      '{ movies: Movie[], series: Series[], episodes: Episode[] }: what a term finds by kind, each group by relevance over title, cast and description (movies as home/search answers them); empty groups for an empty term',
  })
  searchTitles(
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
      { admission: this.searchLimit.admit(request), keep: 'when-asked-again' },
    );
  }

  @Get('movie/:idOrSlug')
  @ApiOperation({ summary: '{ meta: Movie }: a title by id or by slug (D10)' })
  movie(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @Param('idOrSlug') idOrSlug: string,
  ): Promise<void> {
    return this.answers.answer(request, reply, Subjects.catalog.movies.meta, { idOrSlug });
  }

  @Get('movie/:idOrSlug/more-like-this')
  @ApiOperation({
    summary: 'Movie[]: titles of the same language sharing a genre, playable ones first (issue 19)',
  })
  moreLikeThis(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @Param('idOrSlug') idOrSlug: string,
  ): Promise<void> {
    return this.answers.answer(request, reply, Subjects.catalog.movies.moreLikeThis, { idOrSlug });
  }

  @Get('series/episodes/:id/more-like-this')
  @ApiOperation({
    summary:
      "Movie[]: films of the episode's series' language sharing one of its genres, playable ones first; none without a series (issue 19)",
  })
  episodeMoreLikeThis(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @Param('id') id: string,
  ): Promise<void> {
    return this.answers.answer(request, reply, Subjects.catalog.episodes.moreLikeThis, { id });
  }

  @Get('series/category/:category/episodes')
  @ApiOperation({ summary: '{ episodes: Episode[] }: a category page (political, health, education)' })
  categoryEpisodes(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @Param('category') category: string,
  ): Promise<void> {
    return this.answers.answer(request, reply, Subjects.catalog.episodes.byCategory, { category });
  }

  @Get('series/episodes')
  @ApiOperation({
    summary: '{ paginatedEpisodes, currentPage, totalEpisodes, totalPages }: shows, 10 a page',
  })
  episodes(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @Query('page') page?: string,
    @Query('search') search?: string,
  ): Promise<void> {
    return this.answers.answer(
      request,
      reply,
      Subjects.catalog.episodes.page,
      { page, search },
      { keep: search ? 'when-asked-again' : 'always' },
    );
  }
}
