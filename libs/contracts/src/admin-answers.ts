import type { DailyViewing } from './analytics-answers';
import type { PaymentView } from './billing-answers';
import type { PlanKey } from './plans';

// The back office's dashboard and viewers (SPEC §2.13, §7; DECISIONS D13, D25): what the gateway answers
// admins and what each service contributes. Types and texts only, so the front ends import this module
// by sub-path.

/**
 * A part of an admin answer that one service supplies. A service that is down or slow leaves its part
 * `{ available: false }` and the rest of the answer still comes.
 */
export type ServicePart<T> = ({ available: true } & T) | { available: false };

/**
 * A viewer as the back office lists and shows one (issue 19): the number masked by the service that
 * answers (`maskPhoneNumber`), never whole. The whole number is revealed on the viewer's page alone,
 * on request, and the audit trail records who asked (`POST /api/admin/users/{id}/phone-number`).
 */
export interface ListedViewer {
  _id: string;
  /** `+91 98•••••210`. */
  maskedPhoneNumber: string;
  createdAt: string;
  lastSeenAt: string;
}

/** `POST /api/admin/users/{id}/phone-number`: the viewer's whole number, once the trail has the asking. */
export interface RevealedPhoneNumber {
  phoneNumber: string;
}

// ---- The dashboard (D13) ----

/**
 * Profiles per account (issue 22, D37). Analytics go on counting accounts; these say how the accounts
 * are shared.
 */
export interface ProfileFigures {
  /** Every profile of every account, the first ones included. */
  total: number;
  /** Accounts by how many profiles they have, fewest first; a number no account has is left out. */
  accountsByProfiles: Array<{ profiles: number; accounts: number }>;
  /** Profiles held to a kids' level (U, or U and U/A). */
  kids: number;
}

/** The users service's part: viewers, their profiles, and who signed up last. */
export interface ViewerFigures {
  total: number;
  /** Accounts created in the last 7 days. */
  newThisWeek: number;
  profiles: ProfileFigures;
  /** Newest first. */
  latestSignUps: ListedViewer[];
}

export interface PlanSubscribers {
  planKey: PlanKey;
  planName: string;
  subscribers: number;
}

/** Paise of captured payments, less those owed back; days are Indian days (IST). */
export interface RevenueFigures {
  today: number;
  /** Today and the 29 days before it. */
  last30Days: number;
  allTime: number;
}

/** A payment as the dashboard lists it: enough to recognise it, no more of the person than a masked number. */
export interface LatestPayment {
  _id: string;
  /** The provider's payment id (`pay_…`). */
  paymentId: string;
  /** Paise. */
  amount: number;
  planKey: PlanKey;
  planName: string;
  at: string;
  /** Null once the account is deleted (D25). */
  viewerId: string | null;
  /** `+91 98•••••210`; null once the account is deleted. */
  maskedPhoneNumber: string | null;
  /** A second payment for an order already paid: it is owed back and not counted as revenue. */
  refundDue: boolean;
}

/** The billing service's part. */
export interface BillingFigures {
  activeSubscribers: { total: number; byPlan: PlanSubscribers[] };
  revenue: RevenueFigures;
  /** Captured payments, newest first. */
  latestPayments: LatestPayment[];
}

/** Plays started and seconds watched over some days. */
export interface ViewingTotals {
  plays: number;
  watchSeconds: number;
}

/** How many days the dashboard's viewing chart and its 30-day totals cover: today and the 29 before it. */
export const DASHBOARD_VIEWING_DAYS = 30;

/** The catalogue's viewing on the dashboard: days are Indian days (IST), as analytics counts them (D12). */
export interface DashboardViewing {
  today: ViewingTotals;
  /** Today and the 29 days before it. */
  last30Days: ViewingTotals;
  /** Each of those 30 days, oldest first, days without plays included as zeros. */
  days: DailyViewing[];
}

/** The catalog service's part. */
export interface CatalogueFigures {
  movies: number;
  series: number;
  /** Every show (episode), in a series or on its own. */
  episodes: number;
  /** Titles' videos still on their way (queued or transcoding) and those that failed. */
  videos: { transcoding: number; failed: number };
  viewing: DashboardViewing;
}

export interface AdminDashboard {
  users: ServicePart<ViewerFigures>;
  billing: ServicePart<BillingFigures>;
  catalog: ServicePart<CatalogueFigures>;
  /** When the figures were gathered. */
  at: string;
}

/** `GET /api/admin/dashboard`: SPEC §3's envelope around the figures. */
export interface AdminDashboardAnswer {
  data: AdminDashboard;
  success: true;
  message: string;
}

// ---- Viewers (SPEC §2.13 Users) ----

/** The longest search term: a number with its prefix and spaces. */
export const VIEWER_SEARCH_MAX_LENGTH = 20;
/** Titles listed in a viewer's watch history. */
export const WATCH_HISTORY_LIMIT = 50;
/** Payments listed on a viewer's page. */
export const VIEWER_PAYMENTS_LIMIT = 100;
/** Viewers whose plans billing answers in one request. */
export const PLANS_BATCH_MAX = 100;

/** The users service's page of viewers, newest sign-ups first, ADMIN_PAGE_SIZE a page (SPEC §9). */
export interface ViewerPage {
  viewers: ListedViewer[];
  currentPage: number;
  totalViewers: number;
  totalPages: number;
}

/** A viewer's plan as billing holds it: the latest validity, running or run out (D17). */
export interface ViewerPlan {
  viewerId: string;
  planKey: PlanKey;
  planName: string;
  validTill: string;
  /** False once `validTill` has passed. */
  active: boolean;
}

export interface AdminViewerRow extends ListedViewer {
  /** Null for a viewer who never bought a plan, or while billing is unavailable. */
  plan: ViewerPlan | null;
}

/** `GET /api/admin/users?page=&search=`. */
export interface AdminViewerPage {
  users: AdminViewerRow[];
  currentPage: number;
  totalUsers: number;
  totalPages: number;
  /** False when billing did not answer: the rows carry no plans, which says nothing about them. */
  plansAvailable: boolean;
}

export type SubscriptionChangeKind = 'activated' | 'extended' | 'replaced' | 'queued';

/** One payment's worth of plan on a viewer's page. */
export interface SubscriptionPeriodView {
  _id: string;
  planKey: PlanKey;
  planName: string;
  change: SubscriptionChangeKind;
  validFrom: string;
  validTill: string;
  /** When the payment turned into this period. */
  at: string;
  /** The provider's payment id (`pay_…`). */
  paymentId: string;
  receiptNumber: string | null;
}

/** The billing service's part of a viewer's page. */
export interface ViewerBillingHistory {
  plan: ViewerPlan | null;
  /** Newest first. */
  subscriptions: SubscriptionPeriodView[];
  /** Newest first, each with its receipt. */
  payments: PaymentView[];
}

/** A title the viewer watched, from the catalogue's watch data. */
export interface WatchHistoryEntry {
  kind: 'movie' | 'episode';
  titleId: string;
  /** Null when the title has been deleted since. */
  title: string | null;
  positionSeconds: number;
  durationSeconds: number;
  finished: boolean;
  updatedAt: string;
}

/** `GET /api/admin/users/{id}`: the viewer, their plans and payments, and what they watched. */
export interface AdminViewerDetails {
  viewer: ListedViewer;
  billing: ServicePart<ViewerBillingHistory>;
  watching: ServicePart<{ history: WatchHistoryEntry[] }>;
}

/** A screen a viewer is watching on now (DECISIONS D24), as the media service keeps it while heartbeats arrive. */
export interface ActiveScreen {
  /** The viewer's session the screen belongs to (the access token's `sid`). */
  sessionId: string;
  videoId: string;
  /** The movie or episode the video belongs to; null when the video has been removed since. */
  ownerKind: 'movie' | 'episode' | null;
  ownerId: string | null;
  /** When this screen started playing this video. */
  startedAt: string;
  lastHeartbeatAt: string;
}

/** An active stream on the viewer's page: the screen, and its title as the catalogue names it. */
export interface ActiveStream extends ActiveScreen {
  /** Null when the title is gone, or the catalogue did not answer. */
  title: string | null;
}

/** A signed-in session of a viewer, as the auth service keeps it: open until revoked or its refresh token lapses. */
export interface SignedInSession {
  sessionId: string;
  createdAt: string;
  /** The last sign-in or token refresh. */
  lastUsedAt: string;
  /** When the session ends unless it is used again. */
  expiresAt: string;
}

/** `GET /api/admin/users/{id}/activity`: a viewer's active streams (media) and signed-in sessions (auth). */
export interface AdminViewerActivity {
  streams: ServicePart<{ streams: ActiveStream[] }>;
  sessions: ServicePart<{ sessions: SignedInSession[] }>;
}

/** What an admin's action on a viewer answers: a line for the toast. */
export interface AdminViewerActionDone {
  success: true;
  message: string;
}

/** Texts people see in the back office (DECISIONS D15: toasts and dialogs). */
export const BackOfficeMessages = {
  dashboardLoaded: 'Dashboard loaded.',
  someFiguresUnavailable: (parts: string[]) => `Some figures are unavailable just now: ${parts.join(', ')}.`,
  viewerDeleted: 'Viewer deleted.',
  signedOutEverywhere: 'Signed out on every device.',
  confirmDeleteViewer:
    'Do you really want to delete this viewer? Their account, watch data and sessions go; payments are kept, anonymised.',
  confirmSignOut: 'End every session of this viewer now? They will need to log in again.',
  unavailable: 'Unavailable just now.',
} as const;
