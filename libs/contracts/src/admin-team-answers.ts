// The back office's least privilege (issue 20, DECISIONS D34): admin roles, what each may use, the
// admins as the owner manages them, and the two steps of an admin's sign-in. Types, fixed lists and pure
// functions only, so the front ends import this module through the web entry.

/** What an admin may do (the access token's `adm` claim). The owner may do everything. */
export const ADMIN_ROLES = ['owner', 'content', 'finance', 'support'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

export function isAdminRole(value: unknown): value is AdminRole {
  return typeof value === 'string' && (ADMIN_ROLES as readonly string[]).includes(value);
}

/** A role as the back office names it. */
export const ADMIN_ROLE_NAMES: Record<AdminRole, string> = {
  owner: 'Owner',
  content: 'Content',
  finance: 'Finance',
  support: 'Support',
};

/**
 * The back office's areas and the roles that may use each: one table, read by the gateway's route
 * declarations (a route names its area) and by the admin remote (a menu item a role may not use is not
 * shown). The owner is in every area.
 */
export const ADMIN_AREAS = {
  /** The dashboard: every admin; parts a role may not read are left out of its answer. */
  dashboard: ['owner', 'content', 'finance', 'support'],
  /** Titles, series, shows and their videos and pictures. */
  catalogue: ['owner', 'content'],
  /** Content partners and the titles assigned to them. */
  partners: ['owner', 'content'],
  /** Payments, receipts, refunds, revenue and analytics. */
  finance: ['owner', 'finance'],
  /** Viewers: look up, sign out everywhere, delete on request. */
  viewers: ['owner', 'support'],
  /** The audit trail. */
  audit: ['owner'],
  /** The admins themselves: invite, change role, disable, reset a second factor. */
  admins: ['owner'],
  /** An admin's own account: adding their second factor. */
  account: ['owner', 'content', 'finance', 'support'],
} as const satisfies Record<string, readonly AdminRole[]>;
export type AdminArea = keyof typeof ADMIN_AREAS;

/** Whether an admin of this role may use the area; an unknown role may use none. */
export function adminMayUse(role: AdminRole | null | undefined, area: AdminArea): boolean {
  return !!role && (ADMIN_AREAS[area] as readonly AdminRole[]).includes(role);
}

/** `invited`: has not set a password yet; `disabled`: cannot sign in, sessions ended. */
export const ADMIN_STATUSES = ['invited', 'active', 'disabled'] as const;
export type AdminStatus = (typeof ADMIN_STATUSES)[number];

/** An admin as the Admins page lists them. */
export interface AdminTeamMember {
  _id: string;
  email: string;
  role: AdminRole;
  status: AdminStatus;
  /** Whether an authenticator app is enrolled. */
  secondFactor: boolean;
  createdAt: string;
  lastLoginAt: string | null;
  /** For an invited admin: when the link stops working. */
  invitationExpiresAt: string | null;
}

/** What inviting answers: the link's secret is shown to the owner once, to pass on; only its hash is kept. */
export interface AdminInvitation {
  admin: AdminTeamMember;
  invitationToken: string;
  expiresAt: string;
}

/** The path of the page where an invitee sets their password (the token is in the fragment, never sent in a Referer). */
export const ADMIN_INVITATION_PATH = '/admin/invitation';

/**
 * The password step passed; a second one is needed before a session: `code` asks for the authenticator's
 * (or a recovery) code, `enrol` asks to enrol one first. The challenge lives a few minutes and works once.
 */
export interface AdminSecondFactorStep {
  secondFactor: 'code' | 'enrol';
  challenge: string;
  email: string;
}

/** An authenticator to add: the secret, and the otpauth:// link its QR code carries. */
export interface TotpEnrolment {
  secret: string;
  otpauthUrl: string;
}

/** Ten one-time codes, shown once when a second factor is enrolled; only their hashes are kept. */
export interface RecoveryCodes {
  recoveryCodes: string[];
}

/** How many recovery codes an enrolment gives. */
export const RECOVERY_CODE_COUNT = 10;
