// What the shell hands to every remote it hosts. Types only, in a library of its own that the shell
// and both remotes import (`import type`), so neither side reaches into the other's source.
import type { ActiveSubscription as PlanAsServed } from '@chitram/contracts/web';
import type { KyInstance } from 'ky';

/** SPEC §3 / DECISIONS D2: the viewer session, persisted under the local-storage key `user`. */
export interface UserSession {
  token: string;
  phoneNumber: string;
  isSubscribed: boolean;
  activeSubscription: ActiveSubscription | null;
  /** DECISIONS D5: renews `token` silently; rotated on every renewal. */
  refreshToken?: string;
  /** The viewer's account id (DECISIONS D28). */
  _id?: string;
  /** The profile in use (issue 22, D37); absent: the account's first profile, or not known yet. */
  profile?: SessionProfile;
}

/** The profile a viewer's session has chosen, as the header and the pages need it (D37). */
export interface SessionProfile {
  _id: string;
  name: string;
  /** One of the drawn avatars the viewer app ships. */
  avatar: string;
  /** `kids` and `kids-ua` see a simpler interface: no account, payment or profile management. */
  maturity: 'kids' | 'kids-ua' | 'adult';
}

/** The plan as a session keeps it: the server's answer (the contracts' ActiveSubscription), with more latitude. */
export interface ActiveSubscription extends Omit<PlanAsServed, 'validTill'> {
  /** The plan's key (`basic` … `gold`), when the server said. */
  planKey?: string;
  /** ISO date-time; null when the plan has no expiry to show. */
  validTill: string | null;
}

/** SPEC §3 / DECISIONS D2: the admin session, persisted under the local-storage key `admin`. */
export interface AdminSession {
  token: string;
  role: 'admin';
  email: string;
  /** DECISIONS D5: renews `token` silently; rotated on every renewal. */
  refreshToken?: string;
}

/** Which stored session a request or a sign-out concerns. */
export type SessionRole = 'user' | 'admin';

export interface SessionState {
  user: UserSession | null;
  admin: AdminSession | null;
  /** False until the stored sessions have been read back at start (SPEC §2.3 route-guard spinner). */
  restored: boolean;
  signInUser(user: UserSession): void;
  signInAdmin(admin: AdminSession): void;
  /** Replaces the viewer's plan after a subscription-status check (SPEC §4.1). */
  updateSubscription(activeSubscription: ActiveSubscription | null, isSubscribed: boolean): void;
  /** SPEC §2.4 Logout: revokes both sessions on the server (in the background) and clears them here. */
  logout(): void;
  /** Forgets one session on this device only, for when the server has already ended it (account deleted). */
  clearSession(role: SessionRole): void;
}

export type ToastKind = 'info' | 'success' | 'error';

/** Shows a notification at the top right that closes itself after 3 seconds (SPEC §2.3, DECISIONS D15). */
export type ShowToast = (message: string, kind?: ToastKind) => void;

/** A failed call as a person should hear about it: the server's `{ code, message }`, or a fallback. */
export interface ApiProblem {
  /** HTTP status; 0 when the server could not be reached or did not answer in time. */
  status: number;
  /** The server's error code (`RATE_LIMITED`, `OTP_INVALID`, …); `NETWORK` or `UNKNOWN` otherwise. */
  code: string;
  message: string;
  /** Seconds to wait before trying again (`Retry-After`), when the server said. */
  retryAfterSeconds?: number;
  /** Per-field messages of VALIDATION_FAILED. */
  fields?: Record<string, string[]>;
  /** The limit a refusal names (STREAM_LIMIT_REACHED: the screens the plan allows). */
  limit?: number;
}

/**
 * What a call may tell `host.api` through ky's `context` option:
 * `session` picks the token to send (default: the admin's if present, else the viewer's, SPEC §6);
 * `anonymous` sends none (sign-in calls).
 */
export interface ApiContext {
  session?: SessionRole;
  anonymous?: boolean;
}

export interface HostApi {
  toast: ShowToast;
  /**
   * The one API client (ky, prefix `/api`): sends the bearer token, renews an expired one with the
   * refresh token and retries once (DECISIONS D5); when renewal fails the session is cleared and the
   * person goes to the right login page. Errors are ky's `HTTPError`; read them with `problemOf`.
   */
  api: KyInstance;
  /** A thrown `host.api` error as `{ status, code, message }`; `fallback` when the answer had no message. */
  problemOf(error: unknown, fallback: string): ApiProblem;
  /** The shell's session store as a selector hook, e.g. `host.useSession((s) => s.user)`. */
  useSession<T>(selector: (state: SessionState) => T): T;
  /** The current session outside React (event handlers, request helpers). */
  getSession(): SessionState;
  /**
   * What to tell the viewer about a failed call, in the interface language: the words for its error
   * code, or its own message (the fallback given to `problemOf`) when there is no code to go by.
   */
  problemMessage(problem: ApiProblem): string;
  /**
   * Lets the site's one i18next instance (a shared singleton) load a remote's own namespace in every
   * interface language; `english`, bundled with the remote, is there at once (no wait for English, and
   * the fallback of every other language). Call it before the namespace's first `useTranslation`.
   */
  addCatalogue(namespace: string, load: (language: string) => Promise<Catalogue>, english: Catalogue): void;
  /** The Intl locale of an interface language ('ta' → 'ta-IN'): dates, numbers, ₹ in the Indian grouping. */
  intlLocale(language: string): string;
  /**
   * The JSON answer to `GET /api/<path>?<searchParams>` when the shell asked for it as the page opened
   * (the home page's catalogue: a first screen need not wait for the remote's code to ask), handed
   * over once; otherwise, or if that early request failed, what `load` answers.
   */
  answerEarly<T>(path: string, searchParams: Record<string, string>, load: () => Promise<T>): Promise<T>;
}

/** One app's wording in one language, as its JSON catalogue holds it (issue 11). */
export type Catalogue = { [key: string]: string | Catalogue };

/** Props of every exposed remote application component. */
export interface RemoteAppProps {
  host: HostApi;
}
