import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * An administrator (DECISIONS D6): e-mail (kept lower-case) and Argon2id hash. Failed sign-ins are
 * counted per e-mail in AdminLoginThrottle, whether or not an admin has that e-mail.
 */
@Entity({ name: 'admin_account' })
export class AdminAccount {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Index('UQ_admin_account_email', { unique: true })
  @Column({ type: 'text' })
  email: string;

  @Column({ name: 'password_hash', type: 'text' })
  passwordHash: string;

  @Column({ name: 'last_login_at', type: 'timestamptz', nullable: true })
  lastLoginAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
