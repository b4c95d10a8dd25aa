import {
  AuditEvents,
  type AdminActionRecorded,
  type AdminActor,
  type AuditAction,
  type AuditEntityRef,
  type AuditValue,
  type FieldChange,
} from '@chitram/contracts';
import type { EntityManager } from 'typeorm';
import { recordEvent, type EmitEvent } from './events';

/** A record's fields as the trail compares them: column values, never picture bytes. */
export type AuditSnapshot = Record<string, unknown>;

/** What an admin did, in the words of the service that did it. */
export interface AdminAction {
  action: AuditAction;
  entity: AuditEntityRef;
  /** The record's fields before the write; left out for a creation. */
  before?: AuditSnapshot | null;
  /** The record's fields after the write; left out for a deletion. */
  after?: AuditSnapshot | null;
  note?: string;
}

/** Fields whose values never go into the trail, at any depth: it says that they changed, not to what. */
const SECRET_FIELD = /password|secret|token|hash|signature|credential|api_?key/i;
export const HIDDEN_VALUE = '[hidden]';
/** Longer text is cut to this many characters (descriptions need not be kept whole to be recognised). */
export const AUDIT_TEXT_LIMIT = 300;
/** Changes one entry keeps; a larger write is cut, with a last line that says how many more there were. */
export const AUDIT_CHANGES_LIMIT = 200;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value) as object | null;
  return prototype === null || prototype === Object.prototype;
}

/** A value as the trail keeps it: JSON only, dates as ISO text, long text cut, nothing undefined. */
export function auditValue(value: unknown): AuditValue {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (typeof value === 'string')
    return value.length > AUDIT_TEXT_LIMIT ? `${value.slice(0, AUDIT_TEXT_LIMIT)}…` : value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return value.map(auditValue);
  if (isPlainObject(value)) {
    const kept: Record<string, AuditValue> = {};
    for (const [key, item] of Object.entries(value))
      kept[key] = SECRET_FIELD.test(key) ? HIDDEN_VALUE : auditValue(item);
    return kept;
  }
  // A buffer, a stream or a class instance is no field value: say what it was, not what it holds.
  const maker: unknown = typeof value === 'object' ? Reflect.get(value, 'constructor') : undefined;
  return `[${typeof maker === 'function' ? maker.name : typeof value}]`;
}

/** Nested plain objects become dotted fields (`episodes.2.title`); anything else is one value. */
function flatten(snapshot: AuditSnapshot | null | undefined, prefix = ''): Map<string, unknown> {
  const fields = new Map<string, unknown>();
  for (const [key, value] of Object.entries(snapshot ?? {})) {
    const field = prefix ? `${prefix}.${key}` : key;
    if (isPlainObject(value) && !SECRET_FIELD.test(key))
      for (const [inner, item] of flatten(value, field)) fields.set(inner, item);
    else fields.set(field, value);
  }
  return fields;
}

/**
 * The fields that differ between two snapshots of a record, in the order the snapshots name them:
 * every field of `after` for a creation (before null), of `before` for a deletion (after null).
 * Secret fields appear with their values hidden.
 */
export function fieldChanges(
  before: AuditSnapshot | null | undefined,
  after: AuditSnapshot | null | undefined,
): FieldChange[] {
  const old = flatten(before);
  const now = flatten(after);
  const changes: FieldChange[] = [];
  for (const field of new Set([...old.keys(), ...now.keys()])) {
    const was = auditValue(old.get(field));
    const is = auditValue(now.get(field));
    if (JSON.stringify(was) === JSON.stringify(is)) continue;
    const secret = field.split('.').some((part) => SECRET_FIELD.test(part));
    changes.push(
      secret
        ? { field, before: was === null ? null : HIDDEN_VALUE, after: is === null ? null : HIDDEN_VALUE }
        : { field, before: was, after: is },
    );
  }
  if (changes.length <= AUDIT_CHANGES_LIMIT) return changes;
  const more = changes.length - (AUDIT_CHANGES_LIMIT - 1);
  return [
    ...changes.slice(0, AUDIT_CHANGES_LIMIT - 1),
    { field: '…', before: null, after: `${more} more changes` },
  ];
}

/** Where an entry is written: the caller's transaction, or the `emit` of `Outbox.transaction` (which also wakes the relay). */
export type AuditWriter = EntityManager | EmitEvent;

/**
 * Records an admin's write in the audit trail: one call, inside the transaction of the write, so the
 * entry exists if and only if the write does. The entry goes to the service's outbox as
 * AuditEvents.adminActionRecorded, and the auth service files it. Without an actor the write was not
 * an admin's and nothing is recorded; an update that changed no field is not recorded either.
 * Answers whether an entry was written.
 */
export async function recordAdminAction(
  writer: AuditWriter,
  actor: AdminActor | undefined,
  action: AdminAction,
): Promise<boolean> {
  if (!actor) return false;
  const changes = fieldChanges(action.before, action.after);
  if (action.action === 'updated' && changes.length === 0) return false;
  const payload: AdminActionRecorded = {
    actor: { adminId: actor.adminId, sessionId: actor.sessionId, address: actor.address },
    action: action.action,
    entity: {
      type: action.entity.type,
      id: action.entity.id,
      label: String(auditValue(action.entity.label) ?? ''),
    },
    changes,
    note: action.note ?? null,
  };
  if (typeof writer === 'function') await writer(AuditEvents.adminActionRecorded, payload);
  else await recordEvent(writer, AuditEvents.adminActionRecorded, payload);
  return true;
}
