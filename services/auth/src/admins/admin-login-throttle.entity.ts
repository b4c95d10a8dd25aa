import { Column, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * The failed sign-ins of one e-mail address from one client address (DECISIONS D6; issue 20: a
 * stranger's failures lock only the stranger's address out), kept alike for an admin's e-mail and for
 * one no admin has, so that the lock answers the same for both (issue 10): a lock tells nobody which
 * e-mails are real. A row left quiet for a day is forgotten.
 */
@Entity({ name: 'admin_login_throttle' })
export class AdminLoginThrottle {
  /** Lower-case, trimmed, as typed. */
  @PrimaryColumn({ type: 'text' })
  email: string;

  /** The client address as counted (IPv6: its /64). */
  @PrimaryColumn({ type: 'text' })
  address: string;

  /** Failures since failureWindowStartedAt. */
  @Column({ name: 'failed_logins', type: 'integer', default: 0 })
  failedLogins: number;

  @Column({ name: 'failure_window_started_at', type: 'timestamptz', nullable: true })
  failureWindowStartedAt: Date | null;

  /** Locks in a row since the last success; each doubles the next one's length. */
  @Column({ type: 'integer', default: 0 })
  lockouts: number;

  @Column({ name: 'locked_until', type: 'timestamptz', nullable: true })
  lockedUntil: Date | null;

  @Index('IDX_admin_login_throttle_updated')
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
