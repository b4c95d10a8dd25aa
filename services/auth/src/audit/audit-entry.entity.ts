import type { AuditAction, AuditEntityType, FieldChange } from '@chitram/contracts';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * One entry of the audit trail (issue 9): an admin write filed from any service's
 * AuditEvents.adminActionRecorded (its id is the event's, so a redelivery stores nothing new), or an
 * admin sign-in written here. Indexes (see the AuditTrail migration) serve newest-first pages by time,
 * admin, entity type and action.
 */
@Entity({ name: 'audit_entry' })
export class AuditEntryRow {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'occurred_at', type: 'timestamptz' })
  occurredAt: Date;

  @Column({ name: 'admin_id', type: 'uuid', nullable: true })
  adminId: string | null;

  /** The admin's e-mail when the entry was filed; for a failed sign-in, the e-mail typed. */
  @Column({ name: 'admin_email', type: 'text', nullable: true })
  adminEmail: string | null;

  @Column({ type: 'text' })
  action: AuditAction;

  @Column({ name: 'entity_type', type: 'text' })
  entityType: AuditEntityType;

  @Column({ name: 'entity_id', type: 'text', nullable: true })
  entityId: string | null;

  @Column({ name: 'entity_label', type: 'text' })
  entityLabel: string;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  changes: FieldChange[];

  @Column({ type: 'text', nullable: true })
  note: string | null;

  @Column({ type: 'text', nullable: true })
  address: string | null;
}
