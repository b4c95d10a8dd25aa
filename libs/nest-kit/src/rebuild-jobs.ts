import { randomUUID } from 'node:crypto';
import type {
  AdminActor,
  AnalyticsRebuildJob,
  AnalyticsRebuildState,
  AnalyticsRebuildStatus,
  AnalyticsRebuilt,
} from '@chitram/contracts';
import type { DataSource, EntityManager, QueryRunner } from 'typeorm';
import type { JobContext, JobEnvelope, JobQueue } from './jobs';
import type { Logger } from './logging';

/**
 * Rebuilding a service's aggregates from its stored facts (DECISIONS D12), as a job (ARCHITECTURE rule
 * 10) rather than inside a request: an admin or an operator asks, one instance takes the job from the
 * queue and works in one transaction, and a row in the service's database says how far it is, read by
 * any instance. At most one job waits or works at a time (a unique index); asking again meanwhile
 * answers that one.
 */

/** How often a job at work tells its row and the queue it is alive. */
const HEARTBEAT_MS = 5_000;
/** A job silent this long died with its worker: the queue's redelivery may take it over, a new request replaces it. */
const STALE_AFTER_MS = 30_000;
/** Longer than the stale limit, so that a redelivered job finds its dead worker's row stale. */
export const REBUILD_ACK_WAIT_MS = 60_000;

/** The table of rebuild jobs; each service with aggregates creates it in a migration of its own. */
export async function createRebuildJobTable(queryRunner: QueryRunner): Promise<void> {
  await queryRunner.query(`CREATE TABLE "analytics_rebuild" (
    "id" uuid PRIMARY KEY,
    "state" text NOT NULL CHECK ("state" IN ('queued', 'running', 'done', 'failed')),
    "requested_by" uuid,
    "requested_at" timestamptz NOT NULL DEFAULT now(),
    "started_at" timestamptz,
    "finished_at" timestamptz,
    "beat_at" timestamptz NOT NULL DEFAULT now(),
    "step" text,
    "steps_done" integer NOT NULL DEFAULT 0,
    "steps_total" integer NOT NULL DEFAULT 0,
    "result" jsonb,
    "error" text)`);
  await queryRunner.query(
    `CREATE UNIQUE INDEX "analytics_rebuild_one_active" ON "analytics_rebuild" ((true)) WHERE "state" IN ('queued', 'running')`,
  );
  await queryRunner.query(
    `CREATE INDEX "analytics_rebuild_latest" ON "analytics_rebuild" ("requested_at" DESC)`,
  );
}

export async function dropRebuildJobTable(queryRunner: QueryRunner): Promise<void> {
  await queryRunner.query(`DROP TABLE "analytics_rebuild"`);
}

/** Tells the job's row that the rebuild begins its next step. */
export type RebuildStep = (name: string) => Promise<void>;

/** A service's rebuild: how many steps it reports, and the work, inside the job's transaction. */
export interface RebuildWork {
  steps: number;
  run(manager: EntityManager, step: RebuildStep): Promise<Omit<AnalyticsRebuilt, 'tookMs'>>;
}

/** The job's payload on the queue: its row. */
export interface RebuildJobPayload {
  id: string;
}

interface JobRow {
  id: string;
  state: AnalyticsRebuildState;
  requested_by: string | null;
  requested_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
  step: string | null;
  steps_done: number;
  steps_total: number;
  result: AnalyticsRebuilt | null;
  error: string | null;
}

const COLUMNS = `"id", "state", "requested_by", "requested_at", "started_at", "finished_at", "step", "steps_done",
  "steps_total", "result", "error"`;
const ACTIVE = `"state" IN ('queued', 'running')`;
const STALE = `"beat_at" < now() - make_interval(secs => ${STALE_AFTER_MS / 1000})`;
const iso = (at: Date | null) => (at ? new Date(at).toISOString() : null);

function toJob(row: JobRow): AnalyticsRebuildJob {
  return {
    id: row.id,
    state: row.state,
    requestedBy: row.requested_by,
    requestedAt: new Date(row.requested_at).toISOString(),
    startedAt: iso(row.started_at),
    finishedAt: iso(row.finished_at),
    step: row.step,
    stepsDone: row.steps_done,
    stepsTotal: row.steps_total,
    result: row.result,
    error: row.error,
  };
}

/** One service's rebuild jobs: asking for one, reading one, and working one off the queue. */
export class RebuildJobs {
  constructor(
    private readonly dataSource: DataSource,
    private readonly queue: JobQueue,
    /** The job's name on the queue, e.g. `catalog.analytics-rebuild`. */
    private readonly jobName: string,
    private readonly logger: Logger,
  ) {}

  /** A new job, queued; or the one already waiting or at work. */
  async request(actor?: AdminActor): Promise<AnalyticsRebuildJob> {
    // A job whose worker died and that nobody took over does not block the next one for ever.
    await this.dataSource.query(
      `UPDATE "analytics_rebuild" SET "state" = 'failed', "finished_at" = now(),
              "error" = 'abandoned: its worker stopped reporting'
        WHERE ${ACTIVE} AND ${STALE}`,
    );
    for (;;) {
      const id = randomUUID();
      const [created]: JobRow[] = await this.dataSource.query(
        `INSERT INTO "analytics_rebuild" ("id", "state", "requested_by") VALUES ($1, 'queued', $2)
         ON CONFLICT DO NOTHING RETURNING ${COLUMNS}`,
        [id, actor?.adminId ?? null],
      );
      if (created) {
        await this.queue
          .enqueue(this.jobName, { id } satisfies RebuildJobPayload, id)
          .catch(async (error) => {
            await this.finish(id, 'failed', { error: 'it could not be queued' });
            throw error;
          });
        this.logger.info({ jobId: id, requestedBy: created.requested_by }, 'aggregates rebuild queued');
        return toJob(created);
      }
      const [active]: JobRow[] = await this.dataSource.query(
        `SELECT ${COLUMNS} FROM "analytics_rebuild" WHERE ${ACTIVE}`,
      );
      if (active) return toJob(active);
      // The active one finished between the two statements: ask again.
    }
  }

  /** The job with this id, else the latest one; null when there is none. */
  async status(id?: string): Promise<AnalyticsRebuildStatus> {
    const [row]: JobRow[] = id
      ? await this.dataSource.query(`SELECT ${COLUMNS} FROM "analytics_rebuild" WHERE "id" = $1`, [id])
      : await this.dataSource.query(
          `SELECT ${COLUMNS} FROM "analytics_rebuild" ORDER BY "requested_at" DESC LIMIT 1`,
        );
    return { job: row ? toJob(row) : null };
  }

  /**
   * The worker's side (a @JobHandler calls it): claims the job unless it is finished or another worker
   * is alive at it, then runs the rebuild in one transaction, reporting its steps and a heartbeat. A
   * failure is recorded on the row and not retried: the admin sees it and may ask again.
   */
  async run(job: JobEnvelope<RebuildJobPayload>, context: JobContext, work: RebuildWork): Promise<void> {
    const { id } = job.payload;
    const claimed: unknown[] = await this.dataSource.query(
      `UPDATE "analytics_rebuild"
          SET "state" = 'running', "started_at" = now(), "beat_at" = now(), "step" = NULL, "steps_done" = 0,
              "steps_total" = $2
        WHERE "id" = $1 AND ("state" = 'queued' OR ("state" = 'running' AND ${STALE}))
        RETURNING 1`,
      [id, work.steps],
    );
    if (!claimed.length) return;
    const heartbeat = setInterval(() => {
      context.progress();
      this.dataSource
        .query(`UPDATE "analytics_rebuild" SET "beat_at" = now() WHERE "id" = $1`, [id])
        .catch((error: unknown) => this.logger.warn({ err: error, jobId: id }, 'rebuild heartbeat lost'));
    }, HEARTBEAT_MS);
    const started = Date.now();
    let stepsDone = -1;
    try {
      const done = await this.dataSource.transaction((manager) =>
        work.run(manager, async (step) => {
          stepsDone++;
          context.progress();
          await this.dataSource.query(
            `UPDATE "analytics_rebuild" SET "step" = $2, "steps_done" = $3, "beat_at" = now() WHERE "id" = $1`,
            [id, step, stepsDone],
          );
        }),
      );
      const result: AnalyticsRebuilt = { ...done, tookMs: Date.now() - started };
      await this.finish(id, 'done', { result, stepsDone: work.steps });
      this.logger.info({ jobId: id, ...result }, 'aggregates rebuilt from the facts');
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await this.finish(id, 'failed', { error: message });
      this.logger.error({ err: error, jobId: id }, 'aggregates rebuild failed');
    } finally {
      clearInterval(heartbeat);
    }
  }

  private async finish(
    id: string,
    state: 'done' | 'failed',
    outcome: { result?: AnalyticsRebuilt; error?: string; stepsDone?: number },
  ): Promise<void> {
    await this.dataSource.query(
      `UPDATE "analytics_rebuild" SET "state" = $2, "finished_at" = now(), "beat_at" = now(), "result" = $3,
              "error" = $4, "steps_done" = coalesce($5, "steps_done")
        WHERE "id" = $1`,
      [
        id,
        state,
        outcome.result ? JSON.stringify(outcome.result) : null,
        outcome.error ?? null,
        outcome.stepsDone ?? null,
      ],
    );
  }
}
