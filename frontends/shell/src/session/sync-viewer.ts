import { api } from '../api/browser-api';
import { useSession } from './session-store';
import { profileUpdateFrom } from './viewer-profile';

/**
 * Brings the viewer's phone number and plan up to date from the server (a plan bought on another
 * device, one that expired). A failure leaves the stored session as it is; a dead session is ended by
 * the API client itself.
 */
export async function syncViewerProfile(): Promise<void> {
  if (!useSession.getState().user) return;
  try {
    const answer: unknown = await api.get('user/me', { context: { session: 'user' } }).json();
    useSession.getState().mergeUser(profileUpdateFrom(answer));
  } catch {
    // Shown as it was stored; the next opening of the panel tries again.
  }
}
