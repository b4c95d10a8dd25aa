import type { Category, Rating } from '@chitram/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { TitleVideoColumns } from '../videos/title-video';

/** An episode: SPEC's "show". It belongs to a series, or stands alone in its category. */
@Entity({ name: 'episode' })
export class EpisodeEntity extends TitleVideoColumns {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'series_id', type: 'uuid', nullable: true })
  seriesId: string | null;

  @Column({ type: 'text' })
  title: string;

  @Column({ type: 'text' })
  description: string;

  @Column({ name: 'video_url', type: 'text' })
  videoUrl: string;

  @Column({ type: 'text' })
  duration: string;

  /** YYYY-MM-DD (a date column, read as text so no time zone shifts it). */
  @Column({ name: 'release_date', type: 'date' })
  releaseDate: string;

  @Column({ name: 'cast', type: 'text', array: true })
  cast: string[];

  @Column({ type: 'text' })
  rating: Rating;

  @Column({ type: 'text' })
  category: Category;

  @Column({ type: 'text' })
  banner: string;

  @Column({ name: 'title_image', type: 'text', nullable: true })
  titleImage: string | null;

  @Column({ name: 'episode_number', type: 'integer' })
  episodeNumber: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
