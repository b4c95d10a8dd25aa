import { api } from '../api/browser-api';
import { useSession } from '../session/session-store';
import { chooseInterfaceLanguage, deviceLanguage } from './i18n';
import { isInterfaceLanguage, type InterfaceLanguage } from './languages';

// The interface language is remembered on the device and for a signed-in viewer (DECISIONS D36): before
// sign-in the device's choice holds; a signed-in viewer's account wins over the device, and each of
// their choices is kept with the account, so another device follows it after signing in.

const asViewer = { context: { session: 'user' } } as const;

function saveToAccount(language: InterfaceLanguage): Promise<unknown> {
  return api.patch('user/me', { ...asViewer, json: { interfaceLanguage: language } }).json();
}

/** The account's language: taken if it has one; an account without one takes this device's choice. */
async function adoptAccountLanguage(): Promise<void> {
  try {
    const answer = await api.get('user/me', asViewer).json<{ interfaceLanguage?: unknown }>();
    if (isInterfaceLanguage(answer.interfaceLanguage))
      await chooseInterfaceLanguage(answer.interfaceLanguage);
    else {
      const chosen = deviceLanguage();
      if (chosen) await saveToAccount(chosen);
    }
  } catch {
    // Offline or the session ended (the API client says so): the device's language stays.
  }
}

/**
 * Whose account and profile are signed in: the account's id (or the number of a session stored before
 * ids were kept) and the profile in use, whose language the interface takes (D37).
 */
const viewerKey = (): string | null => {
  const user = useSession.getState().user;
  return user ? `${user._id ?? user.phoneNumber} ${user.profile?._id ?? ''}` : null;
};

/** At start (a restored session), at every sign-in and every change of profile, the interface takes its language. */
export function followAccountLanguage(): void {
  let signedIn = viewerKey();
  if (signedIn) void adoptAccountLanguage();
  useSession.subscribe(() => {
    const now = viewerKey();
    if (now && now !== signedIn) void adoptAccountLanguage();
    signedIn = now;
  });
}

/** The header's choice: the interface switches, the device remembers it, and so does a signed-in account. */
export async function chooseLanguage(language: InterfaceLanguage): Promise<void> {
  const saved = useSession.getState().user ? saveToAccount(language).catch(() => undefined) : undefined;
  await Promise.all([chooseInterfaceLanguage(language), saved]);
}
