import { maskPhoneNumber, type ListedViewer, type Viewer as ViewerView } from '@chitram/contracts';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A viewer account (SPEC §3, DECISIONS D4, D25): one per live phone number. Deleting the account
 * deletes the row, so the number is free to sign up again as a new account.
 */
@Entity({ name: 'viewer' })
export class Viewer {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** +91 and 10 digits. */
  @Index('UQ_viewer_phone_number', { unique: true })
  @Column({ name: 'phone_number', type: 'text' })
  phoneNumber: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  /** Last sign-in. */
  @Column({ name: 'last_seen_at', type: 'timestamptz', default: () => 'now()' })
  lastSeenAt: Date;
}

export function toViewerView(
  viewer: Pick<Viewer, 'id' | 'phoneNumber' | 'createdAt' | 'lastSeenAt'>,
): ViewerView {
  return {
    _id: viewer.id,
    phoneNumber: viewer.phoneNumber,
    createdAt: new Date(viewer.createdAt).toISOString(),
    lastSeenAt: new Date(viewer.lastSeenAt).toISOString(),
  };
}

/** A viewer as the back office's lists carry one (issue 19): the number masked here, before it leaves. */
export function toListedViewer(
  viewer: Pick<Viewer, 'id' | 'phoneNumber' | 'createdAt' | 'lastSeenAt'>,
): ListedViewer {
  const { phoneNumber, ...rest } = toViewerView(viewer);
  return { ...rest, maskedPhoneNumber: maskPhoneNumber(phoneNumber) };
}
