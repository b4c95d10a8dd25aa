import { SelectField, TextField } from '../components/FormFields';
import { rangeProblem, withFilter, type AuditFilters } from './audit-filters';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  AUDIT_ENTITY_LABELS,
  AUDIT_ENTITY_TYPES,
  type AuditAdmin,
} from './audit-types';

const ANY = '';

/** The Audit page's filters: admin, entity type, action and a range of Indian days. */
export function AuditFilterBar({
  filters,
  admins,
  onChange,
}: {
  filters: AuditFilters;
  admins: AuditAdmin[];
  onChange(filters: AuditFilters): void;
}) {
  const emails = new Map(admins.map((admin) => [admin.id, admin.email]));
  // An admin named by the address but not (or no longer) in the list still shows as chosen.
  const adminIds = [ANY, ...admins.map((admin) => admin.id)];
  if (filters.admin && !emails.has(filters.admin)) adminIds.push(filters.admin);
  return (
    <form
      className="ad-audit__filters"
      aria-label="Filter the audit trail"
      onSubmit={(e) => e.preventDefault()}
    >
      <SelectField
        label="Admin"
        name="admin"
        value={filters.admin}
        options={adminIds}
        optionLabel={(id) => (id === ANY ? 'Every admin' : (emails.get(id) ?? 'Another admin'))}
        onChange={(value) => onChange(withFilter(filters, 'admin', value))}
      />
      <SelectField
        label="Entity"
        name="entity"
        value={filters.entity}
        options={[ANY, ...AUDIT_ENTITY_TYPES] as const}
        optionLabel={(type) => (type === ANY ? 'Everything' : AUDIT_ENTITY_LABELS[type])}
        onChange={(value) => onChange(withFilter(filters, 'entity', value))}
      />
      <SelectField
        label="Action"
        name="action"
        value={filters.action}
        options={[ANY, ...AUDIT_ACTIONS] as const}
        optionLabel={(action) => (action === ANY ? 'Any action' : AUDIT_ACTION_LABELS[action])}
        onChange={(value) => onChange(withFilter(filters, 'action', value))}
      />
      <TextField
        label="From"
        name="from"
        type="date"
        value={filters.from}
        max={filters.to || undefined}
        onChange={(value) => onChange(withFilter(filters, 'from', value))}
      />
      <TextField
        label="To"
        name="to"
        type="date"
        value={filters.to}
        error={rangeProblem(filters)}
        onChange={(value) => onChange(withFilter(filters, 'to', value))}
      />
    </form>
  );
}
