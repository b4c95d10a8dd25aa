import { Inject, Injectable } from '@nestjs/common';
import {
  daysBetween,
  indiaDayOf,
  refuseDemoInProduction,
  type AnalyticsPeriodRequest,
  type DemoRecorded,
  type DemoViewer,
  type SignUpAnalytics,
} from '@chitram/contracts';
import {
  CONFIG,
  JobHandler,
  JobQueue,
  LOGGER,
  REBUILD_ACK_WAIT_MS,
  RebuildJobs,
  type JobContext,
  type JobEnvelope,
  type Logger,
  type RebuildJobPayload,
  type ServiceConfig,
} from '@chitram/nest-kit';
import { DataSource } from 'typeorm';
import { ProfilesRepository } from '../profiles/profiles.repository';
import { SignUpsRepository } from './sign-ups.repository';

export const SIGN_UPS_REBUILD_JOB = 'users.analytics-rebuild';

/** New viewers per Indian day for the admin's analytics (DECISIONS D12). */
@Injectable()
export class SignUpsService {
  /** Its rebuild jobs, asked for and followed through the rebuild subjects. */
  readonly rebuilds: RebuildJobs;

  constructor(
    private readonly dataSource: DataSource,
    private readonly facts: SignUpsRepository,
    private readonly profiles: ProfilesRepository,
    queue: JobQueue,
    @Inject(CONFIG) private readonly config: ServiceConfig,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.rebuilds = new RebuildJobs(dataSource, queue, SIGN_UPS_REBUILD_JOB, logger);
  }

  async daily({ from, to }: AnalyticsPeriodRequest): Promise<SignUpAnalytics> {
    const known = new Map((await this.facts.days(from, to)).map((d) => [d.day, d]));
    return { days: daysBetween(from, to).map((day) => known.get(day) ?? { day, newViewers: 0 }) };
  }

  @JobHandler(SIGN_UPS_REBUILD_JOB, { ackWaitMs: REBUILD_ACK_WAIT_MS })
  rebuild(job: JobEnvelope<RebuildJobPayload>, context: JobContext): Promise<void> {
    return this.rebuilds.run(job, context, {
      steps: 1,
      run: (manager, step) => this.facts.rebuild(manager, step),
    });
  }

  /**
   * Development only: accounts that signed up in the past, for the demo's charts, each with its first
   * profile as a sign-in makes it (D37). A number that has an account already is left as it is.
   */
  async demo(viewers: DemoViewer[]): Promise<DemoRecorded> {
    refuseDemoInProduction(this.config.isProduction);
    return this.dataSource.transaction(async (manager) => {
      const days: string[] = [];
      for (const viewer of viewers) {
        const at = new Date(viewer.at);
        const created: unknown[] = await manager.query(
          `INSERT INTO "viewer" ("id", "phone_number", "created_at", "last_seen_at") VALUES ($1, $2, $3, $3)
           ON CONFLICT DO NOTHING RETURNING 1`,
          [viewer.id, viewer.phoneNumber, at],
        );
        if (!created.length) continue;
        await this.profiles.insertFirst(manager, viewer.id);
        const day = indiaDayOf(at);
        await this.facts.record(manager, { eventId: viewer.id, viewerId: viewer.id, day, at });
        days.push(day);
      }
      await this.facts.recount(manager, days);
      return { created: days.length };
    });
  }
}
