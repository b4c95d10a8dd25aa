import type { Category, Genre, Language, Rating } from '@chitram/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity({ name: 'series' })
export class SeriesEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'text' })
  title: string;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ name: 'trailer_url', type: 'text', nullable: true })
  trailerUrl: string | null;

  @Column({ name: 'cast', type: 'text', array: true })
  cast: string[];

  @Column({ type: 'text' })
  language: Language;

  @Column({ type: 'text' })
  rating: Rating;

  @Column({ type: 'text', array: true })
  tags: string[];

  @Column({ name: 'title_image', type: 'text', nullable: true })
  titleImage: string | null;

  @Column({ type: 'text', array: true })
  genre: Genre[];

  @Column({ type: 'text' })
  category: Category;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
