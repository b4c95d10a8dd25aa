import {
  ErrorCode,
  NOT_SUBSCRIBED,
  Subjects,
  type SubscriptionStatus,
  DomainError,
} from '@chitram/contracts';
import type { Logger, RpcClient } from '@chitram/nest-kit';

/**
 * The viewer's plan for a session answer (DECISIONS D2). If billing is away, signing in still works: the
 * session says not subscribed for now, and the web app asks again when the profile is opened.
 */
export async function subscriptionOf(
  rpc: RpcClient,
  logger: Logger,
  viewerId: string,
): Promise<SubscriptionStatus> {
  try {
    const { isSubscribed, activeSubscription } = await rpc.call(Subjects.billing.entitlement, { viewerId });
    return { isSubscribed, activeSubscription };
  } catch (error) {
    if (!(error instanceof DomainError) || error.code !== ErrorCode.SERVICE_UNAVAILABLE) throw error;
    logger.warn({ viewerId }, 'billing unavailable; session answered without its plan');
    return { ...NOT_SUBSCRIBED };
  }
}
