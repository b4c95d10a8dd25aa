// What the shell hands to every remote. Types only: remotes import it with `import type`
// (through the `@chitram/shell-contract` path alias), so no shell code is bundled into them.

/** SPEC §3 / DECISIONS D2: the viewer session, persisted under the local-storage key `user`. */
export interface UserSession {
  token: string;
  phoneNumber: string;
  isSubscribed: boolean;
  activeSubscription: ActiveSubscription | null;
}

export interface ActiveSubscription {
  planName: string;
  /** ISO date-time; null when the plan has no expiry to show. */
  validTill: string | null;
}

/** SPEC §3 / DECISIONS D2: the admin session, persisted under the local-storage key `admin`. */
export interface AdminSession {
  token: string;
  role: 'admin';
  email: string;
}

export interface SessionState {
  user: UserSession | null;
  admin: AdminSession | null;
  /** False until the stored sessions have been read back at start (SPEC §2.3 route-guard spinner). */
  restored: boolean;
  signInUser(user: UserSession): void;
  signInAdmin(admin: AdminSession): void;
  /** Replaces the viewer's plan after a subscription-status check (SPEC §4.1). */
  updateSubscription(activeSubscription: ActiveSubscription | null, isSubscribed: boolean): void;
  /** Clears both sessions (SPEC §2.4 Logout). */
  logout(): void;
}

export type ToastKind = 'info' | 'success' | 'error';

/** Shows a notification at the top right that closes itself after 3 seconds (SPEC §2.3, DECISIONS D15). */
export type ShowToast = (message: string, kind?: ToastKind) => void;

export interface HostApi {
  toast: ShowToast;
  /** The shell's session store as a selector hook, e.g. `host.useSession((s) => s.user)`. */
  useSession<T>(selector: (state: SessionState) => T): T;
  /** The current session outside React (event handlers, request helpers). */
  getSession(): SessionState;
}

/** Props of every exposed remote application component. */
export interface RemoteAppProps {
  host: HostApi;
}
