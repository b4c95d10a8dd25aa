// The audit trail (issue 9): who did what to which record, and when. Types and texts only, so the front
// ends import this module by sub-path.

/**
 * What an entry is about; a title's pictures and videos are entries of the title itself. `analytics`
 * is the per-day aggregates every service keeps (no one record: its entries have no id).
 */
export const AUDIT_ENTITY_TYPES = [
  'movie',
  'series',
  'show',
  'viewer',
  'partner',
  'admin',
  'analytics',
  'plan',
  'coupon',
  'payment',
] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

/**
 * What was done. From `signed-in` on: the admins' own sign-ins and the owner's management of the admins
 * (issue 20), written by the auth service.
 */
export const AUDIT_ACTIONS = [
  'created',
  'updated',
  'deleted',
  'assigned',
  'video-added',
  'video-retried',
  'video-upload-cancelled',
  'video-copied',
  'video-markers-set',
  'video-intro-suggestion-dismissed',
  'trailer-removed',
  'video-subtitles-added',
  'video-subtitles-removed',
  'video-audio-added',
  'video-audio-removed',
  'signed-out-everywhere',
  'phone-revealed',
  'rebuild-requested',
  'signed-in',
  'sign-in-failed',
  'locked-out',
  'invited',
  'invitation-accepted',
  'role-changed',
  'disabled',
  'second-factor-enrolled',
  'second-factor-reset',
  'recovery-code-used',
  'plan-change-scheduled',
  'plan-change-cancelled',
  'refunded',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** A value as the trail keeps it: JSON, long text cut short, secrets hidden. */
export type AuditValue = string | number | boolean | null | AuditValue[] | { [key: string]: AuditValue };

/** One field an action changed: null before a creation, null after a deletion. */
export interface FieldChange {
  /** Dotted for nested fields: `episodes.2.title`. */
  field: string;
  before: AuditValue;
  after: AuditValue;
}

/** The record an action touched, named as people know it (a title, a masked number, an e-mail). */
export interface AuditEntityRef {
  type: AuditEntityType;
  /** Null for a failed sign-in with an e-mail no admin has. */
  id: string | null;
  label: string;
}

/** An entry of the trail, as `GET /api/admin/audit` lists it. */
export interface AuditEntry {
  _id: string;
  at: string;
  /** Who: the admin's id and e-mail; a failed sign-in names the e-mail that was typed and no id. */
  admin: { id: string | null; email: string | null };
  action: AuditAction;
  entity: AuditEntityRef;
  changes: FieldChange[];
  /** Why a sign-in failed, how long a lock lasts. */
  note: string | null;
  /** The client address of a sign-in or an action, as the gateway counted it. */
  address: string | null;
}

/** An admin who may be chosen in the page's filter. */
export interface AuditAdmin {
  id: string;
  email: string;
}

/** Entries on a page of the trail. */
export const AUDIT_PAGE_SIZE = 20;

/** `GET /api/admin/audit?page=&admin=&entity=&action=&from=&to=`: newest first. */
export interface AuditPage {
  entries: AuditEntry[];
  currentPage: number;
  totalEntries: number;
  totalPages: number;
  /** Every admin, for the filter. */
  admins: AuditAdmin[];
}

/** The words the Audit page shows for each action and entity type. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  created: 'Created',
  updated: 'Updated',
  deleted: 'Deleted',
  assigned: 'Assigned titles',
  'video-added': 'Added a video',
  'video-retried': 'Retried a video',
  'video-upload-cancelled': 'Cancelled a video upload',
  'video-copied': "Gave a title a copy of another's video",
  'video-markers-set': 'Set the intro, recap and credits markers',
  'video-intro-suggestion-dismissed': 'Dismissed a suggested intro',
  'trailer-removed': 'Removed the trailer',
  'video-subtitles-added': 'Added subtitles to a video',
  'video-subtitles-removed': "Removed a video's subtitles",
  'video-audio-added': 'Added an audio track to a video',
  'video-audio-removed': "Removed a video's audio track",
  'signed-out-everywhere': 'Signed out everywhere',
  'phone-revealed': 'Revealed the number',
  'rebuild-requested': 'Asked for a rebuild',
  'signed-in': 'Signed in',
  'sign-in-failed': 'Sign-in failed',
  'locked-out': 'Locked out',
  invited: 'Invited an admin',
  'invitation-accepted': 'Accepted the invitation',
  'role-changed': 'Changed the role',
  disabled: 'Disabled',
  'second-factor-enrolled': 'Enrolled a second factor',
  'second-factor-reset': 'Reset the second factor',
  'recovery-code-used': 'Signed in with a recovery code',
  'plan-change-scheduled': 'Scheduled a plan change',
  'plan-change-cancelled': 'Cancelled a plan change',
  refunded: 'Refunded',
};

export const AUDIT_ENTITY_LABELS: Record<AuditEntityType, string> = {
  movie: 'Movie',
  series: 'Series',
  show: 'Show',
  viewer: 'Viewer',
  partner: 'Partner',
  admin: 'Admin',
  analytics: 'Analytics',
  plan: 'Plan',
  coupon: 'Coupon',
  payment: 'Payment',
};
