import type { QueryRunner } from 'typeorm';

/** The outbox table every service has; each service's first migration calls these. */
export async function createOutboxTable(queryRunner: QueryRunner): Promise<void> {
  await queryRunner.query(`CREATE TABLE "outbox_event" (
    "id" uuid NOT NULL DEFAULT gen_random_uuid(),
    "subject" text NOT NULL,
    "payload" jsonb NOT NULL,
    "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
    "published_at" TIMESTAMP WITH TIME ZONE,
    CONSTRAINT "PK_outbox_event" PRIMARY KEY ("id"))`);
  await queryRunner.query(
    `CREATE INDEX "outbox_event_unpublished" ON "outbox_event" ("created_at") WHERE "published_at" IS NULL`,
  );
}

export async function dropOutboxTable(queryRunner: QueryRunner): Promise<void> {
  await queryRunner.query(`DROP TABLE "outbox_event"`);
}
