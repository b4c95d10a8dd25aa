import { Injectable } from '@nestjs/common';
import { GENRES, HOME_RAIL_SIZE, type Genre, type Language } from '@chitram/contracts';
import { DataSource, type DeepPartial, type EntityManager } from 'typeorm';
import { newestFirstPage, unusedImages } from '../catalogue.repository';
import { MovieEntity } from './movie.entity';
import { MOVIE_COLUMNS } from './movie.view';
import { isUuid } from './slug';

/** What MovieCatalogue needs of its storage: the repository below, or an in-memory fake in unit tests. */
export type MoviesStore = Pick<MoviesRepository, keyof MoviesRepository>;

/** Every SQL statement of movies (table movie) that the movie catalogue runs; the rules are its. */
@Injectable()
export class MoviesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The newest titles of each genre, in the genres' order (of one language, when named). */
  homeRails(language: Language | undefined): Promise<Array<MovieEntity & { rail: Genre }>> {
    return this.dataSource.query(
      `SELECT g.genre AS rail, ${MOVIE_COLUMNS}
       FROM unnest($1::text[]) WITH ORDINALITY AS g(genre, ord)
       CROSS JOIN LATERAL (
         SELECT * FROM movie m
         WHERE m.genre @> ARRAY[g.genre] ${language ? 'AND m.language = $3' : ''}
         ORDER BY m.created_at DESC LIMIT $2) m
       ORDER BY g.ord, m.created_at DESC`,
      language ? [GENRES, HOME_RAIL_SIZE, language] : [GENRES, HOME_RAIL_SIZE],
    );
  }

  /** The titles of a genre (of one language, when named), newest first. */
  ofGenre(
    genre: Genre,
    language: Language | undefined,
    limit: number,
    offset: number,
  ): Promise<MovieEntity[]> {
    const params: unknown[] = [genre, limit, offset];
    if (language) params.push(language);
    return this.dataSource.query(
      `SELECT ${MOVIE_COLUMNS} FROM movie m
       WHERE m.genre @> ARRAY[$1::text] ${language ? 'AND m.language = $4' : ''}
       ORDER BY m.created_at DESC LIMIT $2 OFFSET $3`,
      params,
    );
  }

  ofLanguage(language: Language, limit: number, offset: number): Promise<MovieEntity[]> {
    return this.dataSource.query(
      `SELECT ${MOVIE_COLUMNS} FROM movie m WHERE m.language = $1
       ORDER BY m.created_at DESC LIMIT $2 OFFSET $3`,
      [language, limit, offset],
    );
  }

  /** By id or by slug (DECISIONS D10); a slug is matched as the URL gives it, in any case. */
  async findByIdOrSlug(idOrSlug: string): Promise<MovieEntity | null> {
    const movies = this.dataSource.getRepository(MovieEntity);
    const byId = isUuid(idOrSlug) ? await movies.findOneBy({ id: idOrSlug.toLowerCase() }) : null;
    return byId ?? movies.findOneBy({ slug: idOrSlug.normalize('NFC').toLowerCase() });
  }

  /**
   * Titles of `language` sharing one of `genres` (but `leaveOut`, the title asked about, if any): a
   * title that plays (a ready video, or an external link: DECISIONS D23) first, then the more genres
   * shared, then the newest.
   */
  likeThis(
    like: { language: Language; genres: Genre[]; leaveOut: string | null },
    limit: number,
  ): Promise<MovieEntity[]> {
    return this.dataSource.query(
      `SELECT ${MOVIE_COLUMNS} FROM movie m
       WHERE m.language = $1 AND m.genre && $2::text[] AND m.id IS DISTINCT FROM $3::uuid
       ORDER BY (COALESCE(m.video_state = 'ready', false) OR m.movie_url ~* '^https?://') DESC,
         cardinality(ARRAY(SELECT unnest(m.genre) INTERSECT SELECT unnest($2::text[]))) DESC,
         m.created_at DESC, m.id
       LIMIT $4`,
      [like.language, like.genres, like.leaveOut, limit],
    );
  }

  find(id: string, manager: EntityManager = this.dataSource.manager): Promise<MovieEntity | null> {
    return manager.getRepository(MovieEntity).findOneBy({ id });
  }

  page(search: string | undefined, offset: number): Promise<{ rows: MovieEntity[]; total: number }> {
    return newestFirstPage<MovieEntity>(this.dataSource, 'movie m', MOVIE_COLUMNS, search, offset);
  }

  /** The slugs taken that `base` or `base-<n>` would clash with. */
  async slugsLike(manager: EntityManager, base: string): Promise<string[]> {
    const taken: Array<{ slug: string }> = await manager.query(
      `SELECT slug FROM movie WHERE slug = $1 OR (starts_with(slug, $1 || '-') AND substr(slug, length($1) + 2) ~ '^[0-9]+$')`,
      [base],
    );
    return taken.map((row) => row.slug);
  }

  insert(manager: EntityManager, fields: DeepPartial<MovieEntity>): Promise<MovieEntity> {
    const movies = manager.getRepository(MovieEntity);
    return movies.save(movies.create(fields));
  }

  save(manager: EntityManager, movie: MovieEntity): Promise<MovieEntity> {
    return manager.getRepository(MovieEntity).save(movie);
  }

  async delete(manager: EntityManager, id: string): Promise<void> {
    await manager.getRepository(MovieEntity).delete({ id });
  }

  /** Of these image keys, the ones no title uses any more. */
  unusedImages(manager: EntityManager, keys: string[]): Promise<string[]> {
    return unusedImages(manager, keys);
  }
}
