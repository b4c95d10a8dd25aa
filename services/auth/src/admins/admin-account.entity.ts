import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** An administrator (DECISIONS D6): e-mail (kept lower-case), Argon2id hash, and the failed-login record of the lockout. */
@Entity({ name: 'admin_account' })
export class AdminAccount {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Index('UQ_admin_account_email', { unique: true })
  @Column({ type: 'text' })
  email: string;

  @Column({ name: 'password_hash', type: 'text' })
  passwordHash: string;

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

  @Column({ name: 'last_login_at', type: 'timestamptz', nullable: true })
  lastLoginAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
