import { Inject, Injectable } from '@nestjs/common';
import {
  daysBetween,
  indiaDayOf,
  refuseDemoInProduction,
  type DemoPlay,
  type DemoRecorded,
  type ViewingAnalytics,
  type ViewingAnalyticsRequest,
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
import { ViewingFactsRepository } from './viewing-facts.repository';
import { ViewingReportRepository } from './viewing-report.repository';
import { PicksRepository } from '../picks/picks.repository';
import { WatchingRepository, type ProgressWrite } from '../watching/watching.repository';

export const VIEWING_REBUILD_JOB = 'catalog.analytics-rebuild';

/** Plays and watch time for the admin's analytics (DECISIONS D12), from the per-day aggregates. */
@Injectable()
export class ViewingAnalyticsService {
  /** Its rebuild jobs, asked for and followed through the rebuild subjects. */
  readonly rebuilds: RebuildJobs;

  constructor(
    private readonly dataSource: DataSource,
    private readonly facts: ViewingFactsRepository,
    private readonly report: ViewingReportRepository,
    private readonly picks: PicksRepository,
    private readonly watching: WatchingRepository,
    queue: JobQueue,
    @Inject(CONFIG) private readonly config: ServiceConfig,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.rebuilds = new RebuildJobs(dataSource, queue, VIEWING_REBUILD_JOB, logger);
  }

  async viewing({ from, to, language, plan }: ViewingAnalyticsRequest): Promise<ViewingAnalytics> {
    const viewed = await this.report.period(from, to, { language, plan });
    const known = new Map(viewed.days.map((d) => [d.day, d]));
    return {
      days: daysBetween(from, to).map((day) => known.get(day) ?? { day, plays: 0, watchSeconds: 0 }),
      byPlan: viewed.byPlan,
      byLanguage: viewed.byLanguage,
      topTitles: { byPlays: viewed.byPlays, byWatchTime: viewed.byWatchTime },
    };
  }

  @JobHandler(VIEWING_REBUILD_JOB, { ackWaitMs: REBUILD_ACK_WAIT_MS })
  rebuild(job: JobEnvelope<RebuildJobPayload>, context: JobContext): Promise<void> {
    return this.rebuilds.run(job, context, {
      steps: 5,
      run: (manager, step) => this.facts.rebuild(manager, step),
    });
  }

  /**
   * Development only: plays of the past (a play and its watch time, as two facts) for the demo's charts,
   * counted as events are, and the finished ones as finishes for the picked rows; each new play leaves
   * the viewer's place in the title, so the demo viewers have a watch history and Continue watching
   * (issue 22). Facts, finishes and places already stored (an earlier run's) are not counted again.
   */
  async demo(plays: DemoPlay[]): Promise<DemoRecorded> {
    refuseDemoInProduction(this.config.isProduction);
    let created = 0;
    // Oldest first, so a title's place is its latest play's.
    const inOrder = [...plays].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
    await this.dataSource.transaction(async (manager) => {
      for (const play of inOrder) {
        const at = new Date(play.at);
        const base = { viewerId: play.viewerId, kind: play.kind, titleId: play.titleId, day: indiaDayOf(at) };
        if (await this.facts.record(manager, { ...base, eventId: play.id, at, plays: 1, watchSeconds: 0 })) {
          created++;
          await this.watching.save(
            manager,
            demoPlace(play, await this.watching.videoDuration(manager, base)),
          );
        }
        if (play.watchSeconds > 0)
          await this.facts.record(manager, {
            ...base,
            eventId: secondFactId(play.id),
            at: new Date(at.getTime() + play.watchSeconds * 1000),
            plays: 0,
            watchSeconds: play.watchSeconds,
          });
        // Watched to the end: a finish for the picked rows' co-watching (issue 22), kept once.
        if (play.finished) {
          const end = new Date(at.getTime() + play.watchSeconds * 1000);
          await this.picks.lockProfile(manager, play.viewerId);
          await this.picks.recordFinish(manager, { ...base, profileId: play.viewerId, at: end });
        }
      }
    });
    return { created };
  }
}

/**
 * Where a demo play left its viewer: at the end of a finished title, else after the play's watch time.
 * A title whose video is still on its way has no length yet: a finished play's is its watch time, an
 * unfinished one is taken as two fifths of the title.
 */
function demoPlace(play: DemoPlay, videoSeconds: number | null): ProgressWrite {
  const at = new Date(Date.parse(play.at) + play.watchSeconds * 1000);
  const finished = play.finished ?? false;
  const duration = videoSeconds || Math.round(play.watchSeconds * (finished ? 1 : 2.5));
  const position = finished ? duration : Math.min(play.watchSeconds, Math.floor(duration * 0.9));
  const key = { viewerId: play.viewerId, kind: play.kind, titleId: play.titleId };
  return { ...key, positionSeconds: position, durationSeconds: duration, finished, at };
}

/** The watch-time fact of a demo play: the play's id with its last digit group turned, stable across runs. */
function secondFactId(id: string): string {
  const last = id.slice(-12);
  const turned = (BigInt(`0x${last}`) ^ 0xffffffffffffn).toString(16).padStart(12, '0');
  return `${id.slice(0, -12)}${turned}`;
}
