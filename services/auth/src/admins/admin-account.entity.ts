import type { AdminRole, AdminStatus } from '@chitram/contracts';
import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/**
 * An administrator (DECISIONS D6, D34): e-mail (kept lower-case), Argon2id hash (none while invited),
 * role and status, and an authenticator (TOTP) secret once enrolled. Failed sign-ins are counted per
 * e-mail in AdminLoginThrottle, whether or not an admin has that e-mail.
 */
@Entity({ name: 'admin_account' })
export class AdminAccount {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Index('UQ_admin_account_email', { unique: true })
  @Column({ type: 'text' })
  email: string;

  @Column({ name: 'password_hash', type: 'text', nullable: true })
  passwordHash: string | null;

  @Column({ type: 'text', default: 'owner' })
  role: AdminRole;

  @Column({ type: 'text', default: 'active' })
  status: AdminStatus;

  /** The authenticator's secret (base32), once enrolled and confirmed. */
  @Column({ name: 'totp_secret', type: 'text', nullable: true })
  totpSecret: string | null;

  /** A secret offered but not yet confirmed by a code from the app. */
  @Column({ name: 'totp_pending_secret', type: 'text', nullable: true })
  totpPendingSecret: string | null;

  /** The time step of the last code accepted: a code is never accepted twice. */
  @Column({ name: 'totp_last_step', type: 'bigint', nullable: true })
  totpLastStep: string | null;

  @Column({ name: 'last_login_at', type: 'timestamptz', nullable: true })
  lastLoginAt: Date | null;

  @Column({ name: 'disabled_at', type: 'timestamptz', nullable: true })
  disabledAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

/** One of an admin's ten recovery codes, kept as its SHA-256; spent (usedAt) when it signs in once. */
@Entity({ name: 'admin_recovery_code' })
export class AdminRecoveryCode {
  @PrimaryColumn({ name: 'admin_id', type: 'uuid' })
  adminId: string;

  @PrimaryColumn({ name: 'code_hash', type: 'character', length: 64 })
  codeHash: string;

  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt: Date | null;
}

export const ADMIN_TICKET_PURPOSES = ['invitation', 'sign-in'] as const;
export type AdminTicketPurpose = (typeof ADMIN_TICKET_PURPOSES)[number];

/**
 * A secret handed out once, kept as its SHA-256: an invitation link (the invitee sets a password) or the
 * second step of a sign-in (the password was right; a code is due). It works once, until it expires.
 */
@Entity({ name: 'admin_ticket' })
@Index('IDX_admin_ticket_admin', ['adminId', 'purpose'])
export class AdminTicket {
  @PrimaryColumn({ name: 'token_hash', type: 'character', length: 64 })
  tokenHash: string;

  @Column({ name: 'admin_id', type: 'uuid' })
  adminId: string;

  @Column({ type: 'text' })
  purpose: AdminTicketPurpose;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt: Date | null;

  /** Wrong codes given with this sign-in step; too many end it. */
  @Column({ type: 'int', default: 0 })
  failures: number;
}
