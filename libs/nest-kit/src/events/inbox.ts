import { CreateDateColumn, Entity, type EntityManager, PrimaryColumn, type QueryRunner } from 'typeorm';

/** One row per (event, consumer) handled, written in the handler's transaction: a redelivery finds it and changes nothing. */
@Entity({ name: 'processed_event' })
export class ProcessedEvent {
  @PrimaryColumn({ name: 'event_id', type: 'uuid' })
  eventId: string;

  @PrimaryColumn({ type: 'text' })
  consumer: string;

  @CreateDateColumn({ name: 'processed_at', type: 'timestamptz' })
  processedAt: Date;
}

/** The inbox table of a service that consumes events; its migration calls these. */
export async function createInboxTable(queryRunner: QueryRunner): Promise<void> {
  await queryRunner.query(`CREATE TABLE "processed_event" (
    "event_id" uuid NOT NULL,
    "consumer" text NOT NULL,
    "processed_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
    CONSTRAINT "PK_processed_event" PRIMARY KEY ("event_id", "consumer"))`);
}

export async function dropInboxTable(queryRunner: QueryRunner): Promise<void> {
  await queryRunner.query(`DROP TABLE "processed_event"`);
}

/**
 * De-duplication: notes in the handler's transaction that `consumer` handled the event; answers false
 * when it already had (a redelivery), and the handler then does nothing.
 */
export async function firstDelivery(
  manager: EntityManager,
  eventId: string,
  consumer: string,
): Promise<boolean> {
  const fresh: unknown[] = await manager.query(
    `INSERT INTO "processed_event" ("event_id", "consumer") VALUES ($1, $2)
      ON CONFLICT DO NOTHING RETURNING "event_id"`,
    [eventId, consumer],
  );
  return fresh.length > 0;
}
