import type { ServicePart } from '@chitram/contracts';
import type { Logger } from '@chitram/nest-kit';

/**
 * How long an admin page waits for one service's part: short, so a service that is down or stuck costs
 * the page that part only, not the whole answer.
 */
export const ADMIN_PART_TIMEOUT_MS = 2000;

/** One service's part of an admin answer, or `{ available: false }` whatever went wrong with it. */
export async function partOf<T extends object>(
  service: string,
  ask: Promise<T>,
  logger: Logger,
): Promise<ServicePart<T>> {
  try {
    return { available: true, ...(await ask) };
  } catch (error) {
    logger.warn({ err: error, service }, 'admin answer sent without this service’s part');
    return { available: false };
  }
}
