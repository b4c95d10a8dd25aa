import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  CatalogueIdRequest,
  CategoryEpisodesRequest,
  EpisodePageRequest,
  HomeContentRequest,
  LanguageMoviesRequest,
  MovieGroupRequest,
  MovieLookupRequest,
  SearchRequest,
  Subjects,
  type CategoryEpisodes,
  type EpisodePage,
  type HomeContent,
  type Movie,
  type MovieMeta,
  type TitleSearchResults,
} from '@chitram/contracts';
import type { RawJson } from '@chitram/nest-kit';
import { CatalogueCache } from '../cache/catalogue-cache';
import { EpisodeCatalogue } from '../shows/episode-catalogue';
import { MovieCatalogue } from '../titles/movie-catalogue';
import { TitleSearch } from '../titles/title-search';
import { Handles } from '@chitram/nest-kit';

/**
 * The public reads: every answer but search's comes from the cache of the current catalogue version
 * when it can, and goes out as the JSON kept there.
 */
@Controller()
export class BrowseController {
  constructor(
    private readonly cache: CatalogueCache,
    private readonly movies: MovieCatalogue,
    private readonly titleSearch: TitleSearch,
    private readonly episodes: EpisodeCatalogue,
  ) {}

  @Handles(Subjects.catalog.homeContent)
  homeContent(@Payload() request: HomeContentRequest): Promise<RawJson<HomeContent>> {
    return this.cache.answer('home', request, () => this.movies.homeContent(request.language));
  }

  @Handles(Subjects.catalog.movieGroup)
  group(@Payload() request: MovieGroupRequest): Promise<RawJson<Movie[]>> {
    return this.cache.answer('group', request, () => this.movies.group(request));
  }

  @Handles(Subjects.catalog.languageMovies)
  byLanguage(@Payload() request: LanguageMoviesRequest): Promise<RawJson<Movie[]>> {
    return this.cache.answer('language', request, () => this.movies.byLanguage(request));
  }

  /**
   * Search answers from this process's index, which costs less than keeping each answer in Redis (and
   * the gateway keeps the answers asked for again): only the catalogue version is read, so the index
   * catches up with a change first.
   */
  @Handles(Subjects.catalog.search)
  async search(@Payload() request: SearchRequest): Promise<RawJson<Movie[]>> {
    return this.titleSearch.movies(request.q, await this.cache.version());
  }

  /** Films, series and episodes, by kind, from the same indexes (issue 19). */
  @Handles(Subjects.catalog.searchTitles)
  async searchTitles(@Payload() request: SearchRequest): Promise<RawJson<TitleSearchResults>> {
    return this.titleSearch.grouped(request.q, await this.cache.version());
  }

  @Handles(Subjects.catalog.movies.meta)
  meta(@Payload() request: MovieLookupRequest): Promise<RawJson<MovieMeta>> {
    return this.cache.answer('meta', request, () => this.movies.meta(request.idOrSlug));
  }

  @Handles(Subjects.catalog.movies.moreLikeThis)
  moreLikeThis(@Payload() request: MovieLookupRequest): Promise<RawJson<Movie[]>> {
    return this.cache.answer('more-like-this', request, () => this.movies.moreLikeThis(request.idOrSlug));
  }

  /** The films like an episode's series (issue 19), cached as a film's. */
  @Handles(Subjects.catalog.episodes.moreLikeThis)
  episodeMoreLikeThis(@Payload() request: CatalogueIdRequest): Promise<RawJson<Movie[]>> {
    return this.cache.answer('episode-more-like-this', request, async () =>
      this.movies.likeSeries(await this.episodes.seriesTaste(request.id)),
    );
  }

  @Handles(Subjects.catalog.episodes.byCategory)
  categoryEpisodes(@Payload() request: CategoryEpisodesRequest): Promise<RawJson<CategoryEpisodes>> {
    return this.cache.answer('category', request, () => this.episodes.byCategory(request.category));
  }

  @Handles(Subjects.catalog.episodes.page)
  episodePage(@Payload() request: EpisodePageRequest): Promise<RawJson<EpisodePage>> {
    return this.cache.answer('episodes', request, () => this.episodes.page(request));
  }
}
