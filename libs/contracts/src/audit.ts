import 'reflect-metadata';
import { Transform, Type } from 'class-transformer';
import {
  Allow,
  ArrayMaxSize,
  IsArray,
  IsDefined,
  IsIn,
  IsInt,
  IsIP,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
  ValidateBy,
  ValidateNested,
  type ValidationArguments,
} from 'class-validator';
import {
  AUDIT_ACTIONS,
  AUDIT_ENTITY_TYPES,
  type AuditAction,
  type AuditEntityRef,
  type AuditEntityType,
  type AuditPage,
  type AuditValue,
  type FieldChange,
} from './audit-answers';
import { event, subject } from './subject';

export * from './audit-answers';

// The audit trail (issue 9): every admin write names its admin, and the auth service keeps the trail.

/**
 * Who acts in an admin write: the gateway takes it from the verified access token (and the client
 * address it counted), never from the request body, and sends it with the write over NATS.
 */
export class AdminActor {
  @IsUUID()
  adminId: string;

  /** The admin's session (the token's `sid`). */
  @IsUUID()
  sessionId: string;

  @IsOptional()
  @IsIP()
  address?: string;
}

/** The `actor` field of an admin write payload: present when an admin asked for the write, absent otherwise. */
export function ActorField(): PropertyDecorator {
  return (target, key) => {
    IsOptional()(target, key);
    ValidateNested()(target, key);
    Type(() => AdminActor)(target, key);
  };
}

// TypeScript accepts as a mixin's base only a constructor whose rest parameter is `any[]`.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type PayloadClass = new (...args: any[]) => object;

/**
 * A write payload with the acting admin beside its fields: `class AdminUpdateMovie extends
 * ActedByAdmin(UpdateMovieRequest) {}`. A write without an actor (a viewer deleting their own account,
 * the demo seed) is not an admin's and is not recorded.
 */
export function ActedByAdmin<Base extends PayloadClass>(base: Base) {
  class Acted extends base {
    @ActorField()
    actor?: AdminActor;
  }
  return Acted;
}

/** Payload of AuditEvents.adminActionRecorded: one admin write, written to the outbox with the write. */
export interface AdminActionRecorded {
  actor: AdminActor;
  action: AuditAction;
  entity: AuditEntityRef;
  changes: FieldChange[];
  note?: string | null;
}

export const AuditEvents = {
  /** Payload AdminActionRecorded: any service's admin write, for the auth service's trail. */
  adminActionRecorded: event<AdminActionRecorded>('chitram.events.audit.admin-action-recorded.v1'),
} as const;

// ---- Payloads of the subjects ----

/** Blank query values (an unset filter) count as left out. */
function blankToUndefined({ value }: { value: unknown }): unknown {
  return typeof value === 'string' && value.trim() === '' ? undefined : value;
}

/** A query string's `2` is the number 2; anything else is left for the validator to refuse. */
function wholeNumber({ value }: { value: unknown }): unknown {
  return typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar day written YYYY-MM-DD that exists (no 30 February). */
export function isCalendarDay(value: unknown): value is string {
  const match = typeof value === 'string' ? DAY.exec(value) : null;
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function calendarDay(): PropertyDecorator {
  return ValidateBy({
    name: 'isCalendarDay',
    validator: {
      validate: isCalendarDay,
      defaultMessage: (args?: ValidationArguments) => `${args?.property} must be a day, YYYY-MM-DD`,
    },
  });
}

function notBefore(other: string): PropertyDecorator {
  return ValidateBy({
    name: 'notBefore',
    constraints: [other],
    validator: {
      validate: (value: unknown, args?: ValidationArguments) => {
        const start = (args?.object as Record<string, unknown> | undefined)?.[other];
        return !isCalendarDay(start) || !isCalendarDay(value) || value >= start;
      },
      defaultMessage: (args?: ValidationArguments) => `${args?.property} must not be before ${other}`,
    },
  });
}

/** `GET /api/admin/audit`: a page of the trail, filtered. Days are Indian days (IST), both ends included. */
export class AuditPageRequest {
  @IsOptional()
  @Transform(wholeNumber)
  @IsInt()
  @Min(1)
  @Max(100_000)
  page?: number;

  /** An admin's id. */
  @Transform(blankToUndefined)
  @IsOptional()
  @IsUUID()
  admin?: string;

  @Transform(blankToUndefined)
  @IsOptional()
  @IsIn(AUDIT_ENTITY_TYPES)
  entity?: AuditEntityType;

  @Transform(blankToUndefined)
  @IsOptional()
  @IsIn(AUDIT_ACTIONS)
  action?: AuditAction;

  @Transform(blankToUndefined)
  @IsOptional()
  @calendarDay()
  from?: string;

  @Transform(blankToUndefined)
  @IsOptional()
  @calendarDay()
  @notBefore('from')
  to?: string;
}

export class AuditEntityRefBody implements AuditEntityRef {
  @IsIn(AUDIT_ENTITY_TYPES)
  type: AuditEntityType;

  @IsOptional()
  @IsString()
  @MaxLength(100)
  id: string | null;

  @IsString()
  @MaxLength(300)
  label: string;
}

export class FieldChangeBody implements FieldChange {
  @IsString()
  @MaxLength(200)
  field: string;

  @Allow()
  before: AuditValue;

  @Allow()
  after: AuditValue;
}

/**
 * An admin action recorded straight into the trail, for writes whose own service does not record
 * them (a title's video, kept by the media service). `id` makes a repeated request store one entry.
 */
export class RecordAdminActionRequest implements AdminActionRecorded {
  @IsUUID()
  id: string;

  @IsDefined()
  @ValidateNested()
  @Type(() => AdminActor)
  actor: AdminActor;

  @IsIn(AUDIT_ACTIONS)
  action: AuditAction;

  @IsDefined()
  @ValidateNested()
  @Type(() => AuditEntityRefBody)
  entity: AuditEntityRefBody;

  @IsArray()
  @ArrayMaxSize(200)
  @ValidateNested({ each: true })
  @Type(() => FieldChangeBody)
  changes: FieldChangeBody[];

  @IsOptional()
  @IsString()
  @MaxLength(500)
  note?: string | null;
}

/** Sign out everywhere, by an admin: every session of the viewer ends, and the trail says who did it. */
export class SignOutEverywhereRequest {
  @IsUUID()
  subjectId: string;

  @IsDefined()
  @ValidateNested()
  @Type(() => AdminActor)
  actor: AdminActor;

  /** How the trail names the viewer (maskedPhoneNumber). */
  @IsString()
  @MaxLength(300)
  label: string;
}

/** Subjects.auth.audit: answered by the auth service, which keeps the trail. */
export const AuditSubjects = {
  page: subject<AuditPageRequest, AuditPage>('chitram.auth.audit.page.v1'),
  record: subject<RecordAdminActionRequest, { recorded: boolean }>('chitram.auth.audit.record.v1'),
  signOutEverywhere: subject<SignOutEverywhereRequest, { success: true }>(
    'chitram.auth.session.sign-out-everywhere.v1',
  ),
} as const;
