import { Subjects } from '@chitram/contracts';
import type { Logger, RpcClient } from '@chitram/nest-kit';

/**
 * Frees the screens of a viewer whose sessions ended (signed out, "Sign out everywhere", account
 * deleted): one session's, or all of them. Their streams stop anyway, since the ended sessions' tokens
 * and passes are refused; freeing the slots lets another device play at once rather than after the
 * hold (issue 20). If media cannot be reached the slots lapse within the hold, so this only logs.
 */
export async function freeScreens(
  rpc: RpcClient,
  logger: Logger,
  viewerId: string,
  screenId?: string,
): Promise<void> {
  try {
    const screens = screenId
      ? [screenId]
      : (await rpc.call(Subjects.media.reports.screensOf, { viewerId })).map((screen) => screen.sessionId);
    await Promise.all(
      screens.map((id) => rpc.call(Subjects.media.streams.release, { viewerId, screenId: id })),
    );
  } catch (error) {
    logger.warn(
      { err: error, userId: viewerId },
      'could not free the screens of a viewer whose sessions ended; they lapse within the hold',
    );
  }
}
