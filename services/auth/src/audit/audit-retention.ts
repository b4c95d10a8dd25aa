import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { LOGGER, type Logger } from '@chitram/nest-kit';
import { AuthConfig } from '../config';
import { AuditEntries } from './audit-entries.repository';

/** How often each instance sweeps the trail. */
export const AUDIT_PRUNE_EVERY_MS = 60 * 60 * 1000;
/** Entries deleted per statement, so a first sweep over years of entries never holds one long lock. */
const PRUNE_BATCH = 5000;

/**
 * Keeps the audit trail to AUDIT_RETENTION_DAYS: at start and then hourly, every instance deletes the
 * entries older than that. The delete is idempotent and skips rows another instance is deleting, so
 * several instances need no leader.
 */
@Injectable()
export class AuditRetention implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;
  private running?: Promise<number>;

  constructor(
    private readonly entries: AuditEntries,
    private readonly config: AuthConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    const sweep = () =>
      void this.prune().catch((error: unknown) => this.logger.warn({ err: error }, 'audit sweep failed'));
    sweep();
    this.timer = setInterval(sweep, AUDIT_PRUNE_EVERY_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** Deletes every entry past the retention; answers how many went. One sweep at a time per instance. */
  prune(): Promise<number> {
    this.running ??= this.sweep().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async sweep(): Promise<number> {
    const days = this.config.AUDIT_RETENTION_DAYS;
    let total = 0;
    for (;;) {
      const deleted = await this.entries.deleteOlderThan(days, PRUNE_BATCH);
      total += deleted;
      if (deleted < PRUNE_BATCH) break;
    }
    if (total > 0) this.logger.info({ deleted: total, retentionDays: days }, 'old audit entries deleted');
    return total;
  }
}
