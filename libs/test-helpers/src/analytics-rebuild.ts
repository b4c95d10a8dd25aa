import type {
  AnalyticsRebuildJob,
  AnalyticsRebuildRequest,
  AnalyticsRebuildStatus,
  AnalyticsRebuildStatusRequest,
  Subject,
} from '@chitram/contracts';
import type { RpcClient } from '@chitram/nest-kit';
import { waitFor } from './index';

/** A service's rebuild subjects (Subjects.<service>.analytics). */
export interface RebuildSubjects {
  rebuild: Subject<AnalyticsRebuildRequest, AnalyticsRebuildJob>;
  rebuildStatus: Subject<AnalyticsRebuildStatusRequest, AnalyticsRebuildStatus>;
}

/**
 * Asks a service to rebuild its analytics aggregates from the stored facts, and waits until the job
 * it queued has finished (done or failed); answers the finished job.
 */
export async function rebuildAggregates(
  rpc: RpcClient,
  subjects: RebuildSubjects,
  timeoutMs = 30_000,
): Promise<AnalyticsRebuildJob> {
  const { id } = await rpc.call(subjects.rebuild, {});
  return waitFor(async () => {
    const { job } = await rpc.call(subjects.rebuildStatus, { id });
    return job?.state === 'done' || job?.state === 'failed' ? job : undefined;
  }, timeoutMs);
}
