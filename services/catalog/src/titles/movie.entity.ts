import type { Genre, Language, Rating, TitleType } from '@chitram/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { TitleVideoColumns } from '../videos/title-video';

/** The database also keeps each title's search words (generated columns, see the Catalogue migration). */
@Entity({ name: 'movie' })
export class MovieEntity extends TitleVideoColumns {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** Unique URL name made from the title (DECISIONS D10); kept when the title changes so links keep working. */
  @Column({ type: 'text', unique: true })
  slug: string;

  @Column({ type: 'text' })
  title: string;

  @Column({ type: 'text' })
  description: string;

  @Column({ name: 'cast', type: 'text', array: true })
  cast: string[];

  @Column({ type: 'text', array: true })
  genre: Genre[];

  @Column({ type: 'text' })
  language: Language;

  @Column({ type: 'text' })
  rating: Rating;

  @Column({ name: 'release_year', type: 'integer' })
  releaseYear: number;

  @Column({ type: 'text' })
  duration: string;

  /** Object key in storage, or an absolute URL. */
  @Column({ type: 'text' })
  thumbnail: string;

  @Column({ type: 'text' })
  banner: string;

  @Column({ name: 'title_image', type: 'text' })
  titleImage: string;

  @Column({ name: 'trailer_url', type: 'text', nullable: true })
  trailerUrl: string | null;

  @Column({ name: 'movie_url', type: 'text' })
  movieUrl: string;

  @Column({ name: 'is_free', type: 'boolean', default: false })
  isFree: boolean;

  @Column({ type: 'text', default: 'movie' })
  type: TitleType;

  @Column({ type: 'text', nullable: true })
  vendor: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
