import { Injectable } from '@nestjs/common';
import {
  ADMIN_PAGE_SIZE,
  DomainError,
  ErrorCode,
  genreForGroup,
  GENRES,
  HOME_RAIL_SIZE,
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
import { DataSource, type EntityManager, QueryFailedError } from 'typeorm';
import { Outbox, recordAdminAction } from '@chitram/nest-kit';
import { CatalogueChanges } from '../cache/catalogue-changes';
import {
  announceTitlesRemoved,
  containsPattern,
  definedFields,
  pageOf,
  releaseImages,
  releaseVideos,
} from '../catalogue-kit';
import { MovieEntity } from './movie.entity';
import { movieRecord, movieRef } from './movie-record';
import { MOVIE_COLUMNS, toAdminMovie, toMovie } from './movie.view';
import { firstFreeSlug, isUuid, slugify } from './slug';

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
    private readonly dataSource: DataSource,
    private readonly changes: CatalogueChanges,
    private readonly outbox: Outbox,
  ) {}

  /** Newest titles of each genre (of one language, when named), one rail per genre that has any. */
  async homeContent(language: Language | undefined): Promise<HomeContent> {
    const rows: Array<MovieEntity & { rail: Genre }> = await this.dataSource.query(
      `SELECT g.genre AS rail, ${MOVIE_COLUMNS}
       FROM unnest($1::text[]) WITH ORDINALITY AS g(genre, ord)
       CROSS JOIN LATERAL (
         SELECT * FROM movie m
         WHERE m.genre @> ARRAY[g.genre] ${language ? 'AND m.language = $3' : ''}
         ORDER BY m.created_at DESC LIMIT $2) m
       ORDER BY g.ord, m.created_at DESC`,
      language ? [GENRES, HOME_RAIL_SIZE, language] : [GENRES, HOME_RAIL_SIZE],
    );
    const genreMovies: HomeContent['genreMovies'] = {};
    for (const row of rows) (genreMovies[row.rail] ??= []).push(toMovie(row));
    return { genreMovies };
  }

  /** A view-all page: the titles of a genre, newest first. */
  async group(request: MovieGroupRequest): Promise<Movie[]> {
    const genre = genreForGroup(request.group);
    if (!genre) throw new DomainError(ErrorCode.NOT_FOUND, `There is no group "${request.group}".`);
    const { offset } = pageOf(request.page, MOVIE_LIST_PAGE_SIZE);
    const params: unknown[] = [genre, MOVIE_LIST_PAGE_SIZE, offset];
    if (request.language) params.push(request.language);
    const rows: MovieEntity[] = await this.dataSource.query(
      `SELECT ${MOVIE_COLUMNS} FROM movie m
       WHERE m.genre @> ARRAY[$1::text] ${request.language ? 'AND m.language = $4' : ''}
       ORDER BY m.created_at DESC LIMIT $2 OFFSET $3`,
      params,
    );
    return rows.map(toMovie);
  }

  async byLanguage(request: LanguageMoviesRequest): Promise<Movie[]> {
    const { offset } = pageOf(request.page, MOVIE_LIST_PAGE_SIZE);
    const rows: MovieEntity[] = await this.dataSource.query(
      `SELECT ${MOVIE_COLUMNS} FROM movie m WHERE m.language = $1
       ORDER BY m.created_at DESC LIMIT $2 OFFSET $3`,
      [request.language, MOVIE_LIST_PAGE_SIZE, offset],
    );
    return rows.map(toMovie);
  }

  /** By id or by slug (DECISIONS D10); a slug is matched as the URL gives it, in any case. */
  private async find(manager: EntityManager, idOrSlug: string): Promise<MovieEntity | null> {
    const movies = manager.getRepository(MovieEntity);
    const byId = isUuid(idOrSlug) ? await movies.findOneBy({ id: idOrSlug.toLowerCase() }) : null;
    return byId ?? movies.findOneBy({ slug: idOrSlug.normalize('NFC').toLowerCase() });
  }

  async meta(idOrSlug: string): Promise<MovieMeta> {
    const movie = await this.find(this.dataSource.manager, idOrSlug);
    if (!movie) throw movieNotFound(idOrSlug);
    return { meta: toMovie(movie) };
  }

  /**
   * Titles like this one (issue 19): the same language and at least one shared genre. A title that
   * plays (a ready video, or an external link: DECISIONS D23) goes before one that does not yet; then
   * the more genres shared, then the newest.
   */
  async moreLikeThis(idOrSlug: string): Promise<Movie[]> {
    const movie = await this.find(this.dataSource.manager, idOrSlug);
    if (!movie) throw movieNotFound(idOrSlug);
    const rows: MovieEntity[] = await this.dataSource.query(
      `SELECT ${MOVIE_COLUMNS} FROM movie m
       WHERE m.language = $1 AND m.genre && $2::text[] AND m.id <> $3
       ORDER BY (COALESCE(m.video_state = 'ready', false) OR m.movie_url ~* '^https?://') DESC,
         cardinality(ARRAY(SELECT unnest(m.genre) INTERSECT SELECT unnest($2::text[]))) DESC,
         m.created_at DESC, m.id
       LIMIT $4`,
      [movie.language, movie.genre, movie.id, MORE_LIKE_THIS_SIZE],
    );
    return rows.map(toMovie);
  }

  /** The whole movie, stream link included, by id: for admins (the edit form, D7) and other services. */
  async get(id: string): Promise<AdminMovie> {
    const movie = await this.dataSource.getRepository(MovieEntity).findOneBy({ id });
    if (!movie) throw movieNotFound(id);
    return toAdminMovie(movie);
  }

  /** The admin list: newest first, 10 a page, searched by title. */
  async page(request: AdminMoviePageRequest): Promise<AdminMoviePage> {
    const { page, offset } = pageOf(request.page, ADMIN_PAGE_SIZE);
    const where = request.search ? `WHERE m.title ILIKE $1` : '';
    const filter = request.search ? [containsPattern(request.search)] : [];
    const [rows, [{ total }]] = await Promise.all([
      this.dataSource.query<MovieEntity[]>(
        `SELECT ${MOVIE_COLUMNS} FROM movie m ${where} ORDER BY m.created_at DESC, m.id
         LIMIT ${ADMIN_PAGE_SIZE} OFFSET ${offset}`,
        filter,
      ),
      this.dataSource.query<Array<{ total: number }>>(
        `SELECT count(*)::int AS total FROM movie m ${where}`,
        filter,
      ),
    ]);
    return {
      movies: rows.map(toAdminMovie),
      currentPage: page,
      totalMovies: total,
      totalPages: Math.ceil(total / ADMIN_PAGE_SIZE),
    };
  }

  private async freeSlug(manager: EntityManager, title: string): Promise<string> {
    const base = slugify(title);
    const taken: Array<{ slug: string }> = await manager.query(
      `SELECT slug FROM movie WHERE slug = $1 OR (starts_with(slug, $1 || '-') AND substr(slug, length($1) + 2) ~ '^[0-9]+$')`,
      [base],
    );
    return firstFreeSlug(
      base,
      taken.map((row) => row.slug),
    );
  }

  async create(request: AdminCreateMovie): Promise<MovieSaved> {
    for (let attempt = 1; ; attempt++) {
      try {
        const saved = await this.outbox.transaction(async (manager, emit) => {
          const movies = manager.getRepository(MovieEntity);
          const movie = await movies.save(
            movies.create({
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
            }),
          );
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
      const movie = await manager.getRepository(MovieEntity).findOneBy({ id });
      if (!movie) throw movieNotFound(id);
      if (Object.keys(changes).length === 0) return { movie, released: [], changed: false };
      const replaced = (['thumbnail', 'banner', 'titleImage'] as const)
        .filter((key) => changes[key] !== undefined && changes[key] !== movie[key])
        .map((key) => movie[key]);
      const before = movieRecord(movie);
      Object.assign(movie, changes);
      const saved = await manager.getRepository(MovieEntity).save(movie);
      const after = movieRecord(saved);
      await recordAdminAction(emit, actor, { action: 'updated', entity: movieRef(saved), before, after });
      return { movie: saved, released: await releaseImages(manager, emit, replaced), changed: true };
    });
    if (result.changed) await this.changes.announce();
    return { movie: toAdminMovie(result.movie), releasedImageKeys: result.released };
  }

  async remove(id: string, actor?: AdminActor): Promise<CatalogueItemRemoved> {
    const released = await this.outbox.transaction(async (manager, emit) => {
      const movie = await manager.getRepository(MovieEntity).findOneBy({ id });
      if (!movie) throw movieNotFound(id);
      await manager.getRepository(MovieEntity).delete({ id });
      await recordAdminAction(emit, actor, {
        action: 'deleted',
        entity: movieRef(movie),
        before: movieRecord(movie),
      });
      await releaseVideos(emit, [movie.videoId]);
      await announceTitlesRemoved(emit, 'movie', [id]);
      return releaseImages(manager, emit, [movie.thumbnail, movie.banner, movie.titleImage]);
    });
    await this.changes.announce();
    return { _id: id, releasedImageKeys: released };
  }
}
