import type { QueryRunner } from 'typeorm';

/**
 * The outbox table every service has, in its current shape; each service's first migration calls
 * these. A column added later is added here too, and by a migration of each service with IF NOT
 * EXISTS for the databases made before it (addOutboxTraceContext).
 */
export async function createOutboxTable(queryRunner: QueryRunner): Promise<void> {
  await queryRunner.query(`CREATE TABLE "outbox_event" (
    "id" uuid NOT NULL DEFAULT gen_random_uuid(),
    "subject" text NOT NULL,
    "payload" jsonb NOT NULL,
    "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
    "published_at" TIMESTAMP WITH TIME ZONE,
    "trace_context" text,
    CONSTRAINT "PK_outbox_event" PRIMARY KEY ("id"))`);
  await queryRunner.query(
    `CREATE INDEX "outbox_event_unpublished" ON "outbox_event" ("created_at") WHERE "published_at" IS NULL`,
  );
}

/**
 * The writer's trace context (its W3C `traceparent`) on each outbox row, null when nothing was traced,
 * so the event's consumers link their spans to the writer's (DECISIONS D41).
 */
export async function addOutboxTraceContext(queryRunner: QueryRunner): Promise<void> {
  await queryRunner.query(`ALTER TABLE "outbox_event" ADD COLUMN IF NOT EXISTS "trace_context" text`);
}

export async function dropOutboxTraceContext(queryRunner: QueryRunner): Promise<void> {
  await queryRunner.query(`ALTER TABLE "outbox_event" DROP COLUMN IF EXISTS "trace_context"`);
}

export async function dropOutboxTable(queryRunner: QueryRunner): Promise<void> {
  await queryRunner.query(`DROP TABLE "outbox_event"`);
}
