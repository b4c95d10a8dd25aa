// What `GET /api/admin/audit` answers (issue 9), from the contracts library's browser-safe module.
export {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  AUDIT_ENTITY_LABELS,
  AUDIT_ENTITY_TYPES,
  type AuditAction,
  type AuditAdmin,
  type AuditEntityType,
  type AuditEntry,
  type AuditPage,
  type AuditValue,
  type FieldChange,
} from '@chitram/contracts/web';
