import type { AdminRole, Role } from '@chitram/contracts';
import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
} from 'typeorm';

/**
 * A session family: one sign-in and every refresh after it. Its id is the access tokens' `sid`;
 * revoking it ends them all, refresh tokens included.
 */
@Entity({ name: 'auth_session' })
export class AuthSession {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** The viewer's or admin's id (the tokens' `sub`). */
  @Index('IDX_auth_session_subject')
  @Column({ name: 'subject_id', type: 'uuid' })
  subjectId: string;

  @Column({ type: 'text' })
  role: Role;

  /** An admin's role when the session was opened (issue 20); null for a viewer. */
  @Column({ name: 'admin_role', type: 'text', nullable: true })
  adminRole: AdminRole | null;

  /** The profile the viewer chose for this session (issue 22, D37); null: the account's first. */
  @Column({ name: 'profile_id', type: 'uuid', nullable: true })
  profileId: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'last_refreshed_at', type: 'timestamptz', nullable: true })
  lastRefreshedAt: Date | null;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt: Date | null;

  @Column({ name: 'revoked_reason', type: 'text', nullable: true })
  revokedReason: string | null;
}

/** One refresh token of a family, kept only as its SHA-256; spent (usedAt) when exchanged for the next. */
@Entity({ name: 'refresh_token' })
export class RefreshToken {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Index('IDX_refresh_token_session')
  @Column({ name: 'session_id', type: 'uuid' })
  sessionId: string;

  @ManyToOne(() => AuthSession, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'session_id', foreignKeyConstraintName: 'FK_refresh_token_session' })
  session?: AuthSession;

  @Index('UQ_refresh_token_hash', { unique: true })
  @Column({ name: 'token_hash', type: 'character', length: 64 })
  tokenHash: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt: Date | null;
}
