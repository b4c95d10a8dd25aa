import { Injectable } from '@nestjs/common';
import {
  ADMIN_PAGE_SIZE,
  DomainError,
  ErrorCode,
  genreForGroup,
  MORE_LIKE_THIS_SIZE,
  MOVIE_LIST_PAGE_SIZE,
  type AdminCreateMovie,
  type AdminMovie,
  type AdminMoviePage,
  type AdminUpdateMovie,
  type AdminActor,
  type AdminMoviePageRequest,
  type CatalogueItemRemoved,
  type Genre,
  type HomeContent,
  type Language,
  type LanguageMoviesRequest,
  type Movie,
  type MovieGroupRequest,
  type MovieMeta,
  type MovieSaved,
} from '@chitram/contracts';
import { type EntityManager, QueryFailedError } from 'typeorm';
import { type EmitEvent, Outbox, recordAdminAction } from '@chitram/nest-kit';
import { CatalogueChanges } from '../cache/catalogue-changes';
import { announceTitlesRemoved, definedFields, pageOf, releaseImages, releaseVideos } from '../catalogue-kit';
import { movieRecord, movieRef } from './movie-record';
import { toAdminMovie, toMovie } from './movie.view';
import { MoviesRepository } from './movies.repository';
import { firstFreeSlug, slugify } from './slug';

const SLUG_ATTEMPTS = 3;

function isSlugTaken(error: unknown): boolean {
  const driver = (error as QueryFailedError & { driverError?: { code?: string; constraint?: string } })
    .driverError;
  return (
    error instanceof QueryFailedError && driver?.code === '23505' && driver.constraint === 'UQ_movie_slug'
  );
}

function movieNotFound(idOrSlug: string): DomainError {
  return new DomainError(ErrorCode.NOT_FOUND, `There is no title "${idOrSlug}".`);
}

/** Movies: the home page, lists, title pages and the admins' changes. */
@Injectable()
export class MovieCatalogue {
  constructor(
    private readonly movies: MoviesRepository,
    private readonly changes: CatalogueChanges,
    private readonly outbox: Outbox,
  ) {}

  /** Newest titles of each genre (of one language, when named), one rail per genre that has any. */
  async homeContent(language: Language | undefined): Promise<HomeContent> {
    const rows = await this.movies.homeRails(language);
    const genreMovies: HomeContent['genreMovies'] = {};
    for (const row of rows) (genreMovies[row.rail] ??= []).push(toMovie(row));
    return { genreMovies };
  }

  /** A view-all page: the titles of a genre, newest first. */
  async group(request: MovieGroupRequest): Promise<Movie[]> {
    const genre = genreForGroup(request.group);
    if (!genre) throw new DomainError(ErrorCode.NOT_FOUND, `There is no group "${request.group}".`);
    const { offset } = pageOf(request.page, MOVIE_LIST_PAGE_SIZE);
    const rows = await this.movies.ofGenre(genre, request.language, MOVIE_LIST_PAGE_SIZE, offset);
    return rows.map(toMovie);
  }

  async byLanguage(request: LanguageMoviesRequest): Promise<Movie[]> {
    const { offset } = pageOf(request.page, MOVIE_LIST_PAGE_SIZE);
    const rows = await this.movies.ofLanguage(request.language, MOVIE_LIST_PAGE_SIZE, offset);
    return rows.map(toMovie);
  }

  async meta(idOrSlug: string): Promise<MovieMeta> {
    const movie = await this.movies.findByIdOrSlug(idOrSlug);
    if (!movie) throw movieNotFound(idOrSlug);
    return { meta: toMovie(movie) };
  }

  /**
   * Titles like this one (issue 19): the same language and at least one shared genre. A title that
   * plays (a ready video, or an external link: DECISIONS D23) goes before one that does not yet; then
   * the more genres shared, then the newest.
   */
  async moreLikeThis(idOrSlug: string): Promise<Movie[]> {
    const movie = await this.movies.findByIdOrSlug(idOrSlug);
    if (!movie) throw movieNotFound(idOrSlug);
    return this.like({ language: movie.language, genres: movie.genre, leaveOut: movie.id });
  }

  /**
   * Films like a series (an episode's "More like this", issue 19): its language, a shared genre,
   * ordered as a film's; nothing for no series (a stand-alone episode).
   */
  async likeSeries(series: { language: Language; genre: Genre[] } | null): Promise<Movie[]> {
    return series ? this.like({ language: series.language, genres: series.genre, leaveOut: null }) : [];
  }

  private async like(like: Parameters<MoviesRepository['likeThis']>[0]): Promise<Movie[]> {
    const rows = await this.movies.likeThis(like, MORE_LIKE_THIS_SIZE);
    return rows.map(toMovie);
  }

  /** The whole movie, stream link included, by id: for admins (the edit form, D7) and other services. */
  async get(id: string): Promise<AdminMovie> {
    const movie = await this.movies.find(id);
    if (!movie) throw movieNotFound(id);
    return toAdminMovie(movie);
  }

  /** The admin list: newest first, 10 a page, searched by title. */
  async page(request: AdminMoviePageRequest): Promise<AdminMoviePage> {
    const { page, offset } = pageOf(request.page, ADMIN_PAGE_SIZE);
    const { rows, total } = await this.movies.page(request.search, offset);
    return {
      movies: rows.map(toAdminMovie),
      currentPage: page,
      totalMovies: total,
      totalPages: Math.ceil(total / ADMIN_PAGE_SIZE),
    };
  }

  private async freeSlug(manager: EntityManager, title: string): Promise<string> {
    const base = slugify(title);
    return firstFreeSlug(base, await this.movies.slugsLike(manager, base));
  }

  async create(request: AdminCreateMovie): Promise<MovieSaved> {
    for (let attempt = 1; ; attempt++) {
      try {
        const saved = await this.outbox.transaction(async (manager, emit) => {
          const movie = await this.movies.insert(manager, {
            slug: await this.freeSlug(manager, request.title),
            title: request.title,
            description: request.description,
            cast: request.cast,
            genre: request.genre,
            language: request.language,
            rating: request.rating,
            releaseYear: request.releaseYear,
            duration: request.duration,
            thumbnail: request.thumbnailUrl,
            banner: request.bannerUrl,
            titleImage: request.titlePngUrl,
            trailerUrl: request.trailerUrl ?? null,
            movieUrl: request.movieUrl ?? '',
            isFree: request.isFree ?? false,
            type: request.type ?? 'movie',
            vendor: request.vendor ?? null,
          });
          await recordAdminAction(emit, request.actor, {
            action: 'created',
            entity: movieRef(movie),
            after: movieRecord(movie),
          });
          return movie;
        });
        await this.changes.announce();
        return { movie: toAdminMovie(saved), releasedImageKeys: [] };
      } catch (error) {
        // Two admins saving the same title at once: the loser takes the next suffix.
        if (isSlugTaken(error) && attempt < SLUG_ATTEMPTS) continue;
        throw error;
      }
    }
  }

  /** Changes the fields named; fields left out stay. The slug stays too, so shared links keep working. */
  async update(request: AdminUpdateMovie): Promise<MovieSaved> {
    const { id, actor, thumbnailUrl, bannerUrl, titlePngUrl, ...rest } = request;
    const changes = definedFields({
      ...rest,
      thumbnail: thumbnailUrl,
      banner: bannerUrl,
      titleImage: titlePngUrl,
    });
    const result = await this.outbox.transaction(async (manager, emit) => {
      const movie = await this.movies.find(id, manager);
      if (!movie) throw movieNotFound(id);
      if (Object.keys(changes).length === 0) return { movie, released: [], changed: false };
      const replaced = (['thumbnail', 'banner', 'titleImage'] as const)
        .filter((key) => changes[key] !== undefined && changes[key] !== movie[key])
        .map((key) => movie[key]);
      const before = movieRecord(movie);
      Object.assign(movie, changes);
      const saved = await this.movies.save(manager, movie);
      const after = movieRecord(saved);
      await recordAdminAction(emit, actor, { action: 'updated', entity: movieRef(saved), before, after });
      return {
        movie: saved,
        released: await this.releaseImages(manager, emit, replaced),
        changed: true,
      };
    });
    if (result.changed) await this.changes.announce();
    return { movie: toAdminMovie(result.movie), releasedImageKeys: result.released };
  }

  async remove(id: string, actor?: AdminActor): Promise<CatalogueItemRemoved> {
    const released = await this.outbox.transaction(async (manager, emit) => {
      const movie = await this.movies.find(id, manager);
      if (!movie) throw movieNotFound(id);
      await this.movies.delete(manager, id);
      await recordAdminAction(emit, actor, {
        action: 'deleted',
        entity: movieRef(movie),
        before: movieRecord(movie),
      });
      await releaseVideos(emit, [movie.videoId]);
      await announceTitlesRemoved(emit, 'movie', [id]);
      return this.releaseImages(manager, emit, [movie.thumbnail, movie.banner, movie.titleImage]);
    });
    await this.changes.announce();
    return { _id: id, releasedImageKeys: released };
  }

  private releaseImages(manager: EntityManager, emit: EmitEvent, before: Array<string | null | undefined>) {
    return releaseImages(manager, emit, before, (m, keys) => this.movies.unusedImages(m, keys));
  }
}
