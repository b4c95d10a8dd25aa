import { Link } from 'react-router';
import { formatDateTime } from '../back-office/display-rules';
import { describeValue, entityPath, fieldLabel } from './audit-display';
import { AUDIT_ACTION_LABELS, AUDIT_ENTITY_LABELS, type AuditEntry, type FieldChange } from './audit-types';

/** Changes beyond this many start folded (a creation or deletion lists every field). */
const OPEN_CHANGES = 6;

const TONES: Partial<Record<AuditEntry['action'], string>> = {
  deleted: 'danger',
  'sign-in-failed': 'danger',
  'locked-out': 'danger',
  disabled: 'danger',
  created: 'success',
  'signed-in': 'success',
};

function Changes({ changes }: { changes: FieldChange[] }) {
  return (
    <dl className="ad-audit__changes">
      {changes.map((change) => (
        <div key={change.field} className="ad-audit__change">
          <dt>{fieldLabel(change.field)}</dt>
          <dd>
            <del aria-label={`before: ${describeValue(change.before)}`}>{describeValue(change.before)}</del>
            <span aria-hidden="true"> → </span>
            <ins aria-label={`after: ${describeValue(change.after)}`}>{describeValue(change.after)}</ins>
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** One entry of the trail: what was done to which record, by whom and when, and what changed. */
export function AuditEntryItem({ entry }: { entry: AuditEntry }) {
  const path = entityPath(entry);
  const who = entry.admin.email ?? 'an admin no longer known';
  return (
    <li className="ad-audit__entry">
      <div className="ad-audit__head">
        <span className={`ad-audit__action ad-audit__action--${TONES[entry.action] ?? 'plain'}`}>
          {AUDIT_ACTION_LABELS[entry.action]}
        </span>
        <span className="ad-audit__entity">
          <span className="ad-audit__type">{AUDIT_ENTITY_LABELS[entry.entity.type]}</span>{' '}
          {path ? (
            <Link className="ad-link" to={path}>
              {entry.entity.label}
            </Link>
          ) : (
            <strong>{entry.entity.label}</strong>
          )}
        </span>
      </div>
      <p className="ad-audit__meta">
        <time dateTime={entry.at}>{formatDateTime(entry.at)}</time> · by {who}
        {entry.address ? ` · from ${entry.address}` : ''}
      </p>
      {entry.note && <p className="ad-audit__note">{entry.note}</p>}
      {entry.changes.length > OPEN_CHANGES ? (
        <details className="ad-audit__more">
          <summary>{entry.changes.length} fields</summary>
          <Changes changes={entry.changes} />
        </details>
      ) : (
        entry.changes.length > 0 && <Changes changes={entry.changes} />
      )}
    </li>
  );
}
