import { Inject, Injectable } from '@nestjs/common';
import {
  daysBetween,
  indiaDayOf,
  refuseDemoInProduction,
  type AnalyticsRebuilt,
  type DemoPlay,
  type DemoRecorded,
  type ViewingAnalytics,
  type ViewingAnalyticsRequest,
} from '@chitram/contracts';
import { CONFIG, LOGGER, type Logger, type ServiceConfig } from '@chitram/nest-kit';
import { DataSource } from 'typeorm';
import { ViewingFactsRepository } from './viewing-facts.repository';
import { ViewingReportRepository } from './viewing-report.repository';

/** Plays and watch time for the admin's analytics (DECISIONS D12), from the per-day aggregates. */
@Injectable()
export class ViewingAnalyticsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly facts: ViewingFactsRepository,
    private readonly report: ViewingReportRepository,
    @Inject(CONFIG) private readonly config: ServiceConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async viewing({ from, to, language, plan }: ViewingAnalyticsRequest): Promise<ViewingAnalytics> {
    const [days, byPlan, titles] = await Promise.all([
      this.report.days(from, to),
      this.report.byPlan(from, to),
      this.report.titles(from, to, { language, plan }),
    ]);
    const known = new Map(days.map((d) => [d.day, d]));
    return {
      days: daysBetween(from, to).map((day) => known.get(day) ?? { day, plays: 0, watchSeconds: 0 }),
      byPlan,
      byLanguage: titles.byLanguage,
      topTitles: { byPlays: titles.byPlays, byWatchTime: titles.byWatchTime },
    };
  }

  async rebuild(): Promise<AnalyticsRebuilt> {
    const done = await this.facts.rebuild();
    this.logger.info(done, 'viewing aggregates rebuilt from the facts');
    return done;
  }

  /**
   * Development only: plays of the past (a play and its watch time, as two facts) for the demo's charts,
   * counted as events are. Facts already stored (an earlier run's) are not counted again.
   */
  async demo(plays: DemoPlay[]): Promise<DemoRecorded> {
    refuseDemoInProduction(this.config.isProduction);
    let created = 0;
    await this.dataSource.transaction(async (manager) => {
      for (const play of plays) {
        const at = new Date(play.at);
        const base = { viewerId: play.viewerId, kind: play.kind, titleId: play.titleId, day: indiaDayOf(at) };
        if (await this.facts.record(manager, { ...base, eventId: play.id, at, plays: 1, watchSeconds: 0 }))
          created++;
        if (play.watchSeconds > 0)
          await this.facts.record(manager, {
            ...base,
            eventId: secondFactId(play.id),
            at: new Date(at.getTime() + play.watchSeconds * 1000),
            plays: 0,
            watchSeconds: play.watchSeconds,
          });
      }
    });
    return { created };
  }
}

/** The watch-time fact of a demo play: the play's id with its last digit group turned, stable across runs. */
function secondFactId(id: string): string {
  const last = id.slice(-12);
  const turned = (BigInt(`0x${last}`) ^ 0xffffffffffffn).toString(16).padStart(12, '0');
  return `${id.slice(0, -12)}${turned}`;
}
