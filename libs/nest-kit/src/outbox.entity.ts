import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * An event written in the same transaction as the change it announces; a relay publishes it to
 * JetStream afterwards, so an event is never lost and never sent for a change that rolled back.
 */
@Entity({ name: 'outbox_event' })
@Index('outbox_event_unpublished', ['createdAt'], { where: '"published_at" IS NULL' })
export class OutboxEvent {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'text' })
  subject: string;

  @Column({ type: 'jsonb' })
  payload: unknown;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'published_at', type: 'timestamptz', nullable: true })
  publishedAt: Date | null;

  /** The writer's W3C `traceparent` while tracing is on (DECISIONS D41); null otherwise. */
  @Column({ name: 'trace_context', type: 'text', nullable: true })
  traceContext: string | null;
}
