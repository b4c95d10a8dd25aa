import 'reflect-metadata';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsDateString,
  IsIn,
  IsInt,
  IsOptional,
  IsUUID,
  Matches,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import { ActorField, type AdminActor } from './audit';
import {
  ANALYTICS_RANGES,
  INDIA_DAY,
  NO_PLAN,
  type AnalyticsRangeDays,
  type AnalyticsRebuildJob,
  type AnalyticsRebuildStatus,
  type BillingAnalytics,
  type PeriodRevenue,
  type PlanOrNone,
  type SignUpAnalytics,
  type ViewingAnalytics,
} from './analytics-answers';
import { LANGUAGES, type Language } from './catalog-lists';
import { DomainError, ErrorCode } from './errors';
import { PLAN_KEYS, type PlanKey } from './plans';
import { subject } from './subject';

export * from './analytics-answers';

/**
 * Analytics (DECISIONS D12): the payloads of each service's analytics subjects, the admin's query, the
 * users service's sign-up event, and the development-only demo activity, declared once and validated on
 * both sides of NATS.
 */

const PLAN_FILTERS = [...PLAN_KEYS, NO_PLAN] as const;
const dayMessage = { message: '$property must be a day written YYYY-MM-DD' };

/** A query string's `30` is the number 30; anything else is left for the validator to refuse. */
export function toWholeNumber({ value }: { value: unknown }): unknown {
  return typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
}

/** A period in a query string: a range of days ending today, or a custom period from one day to another. */
export class PeriodQuery {
  @IsOptional()
  @Transform(toWholeNumber)
  @IsIn(ANALYTICS_RANGES, { message: `range must be one of ${ANALYTICS_RANGES.join(', ')}` })
  range?: AnalyticsRangeDays;

  @IsOptional()
  @Matches(INDIA_DAY, dayMessage)
  from?: string;

  @IsOptional()
  @Matches(INDIA_DAY, dayMessage)
  to?: string;
}

/** `GET /api/admin/analytics`: the period, and filters for the top titles. */
export class AnalyticsQuery extends PeriodQuery {
  @IsOptional()
  @IsIn(LANGUAGES, { message: `language must be one of ${LANGUAGES.join(', ')}` })
  language?: Language;

  @IsOptional()
  @IsIn(PLAN_FILTERS, { message: `plan must be one of ${PLAN_FILTERS.join(', ')}` })
  plan?: PlanOrNone;
}

/** A period of whole days in India, both ends included (the gateway checks that it is sensible). */
export class AnalyticsPeriodRequest {
  @Matches(INDIA_DAY, dayMessage)
  from: string;

  @Matches(INDIA_DAY, dayMessage)
  to: string;
}

export class ViewingAnalyticsRequest extends AnalyticsPeriodRequest {
  @IsOptional()
  @IsIn(LANGUAGES)
  language?: Language;

  @IsOptional()
  @IsIn(PLAN_FILTERS)
  plan?: PlanOrNone;
}

/** Asks a service to rebuild its aggregates from its stored facts (a job; a rebuild under way is answered). */
export class AnalyticsRebuildRequest {
  /** The admin who asks, when one does (the gateway sets it from the access token). */
  @ActorField()
  actor?: AdminActor;
}

/** Asks about one rebuild job, or (no id) the latest. */
export class AnalyticsRebuildStatusRequest {
  @IsOptional()
  @IsUUID()
  id?: string;
}

// ---- Events ----

/** Events.viewerSignedUp: an account was created by its first sign-in. */
export interface ViewerSignedUp {
  viewerId: string;
  /** YYYY-MM-DD in India. */
  day: string;
  at: string;
}

// ---- Demo activity (development only: refused when a service runs in production) ----

/** The most items one demo request carries. */
export const DEMO_BATCH_MAX = 5000;

export class DemoViewer {
  /** Chosen by the caller, so a second run finds the first's rows. */
  @IsUUID()
  id: string;

  @Matches(/^\+91[6-9]\d{9}$/)
  phoneNumber: string;

  @IsDateString()
  at: string;
}

export class DemoViewersRequest {
  @IsArray()
  @ArrayMaxSize(DEMO_BATCH_MAX)
  @ValidateNested({ each: true })
  @Type(() => DemoViewer)
  viewers: DemoViewer[];
}

export class DemoPayment {
  @IsUUID()
  id: string;

  @IsUUID()
  viewerId: string;

  @Matches(/^\+91[6-9]\d{9}$/)
  phoneNumber: string;

  @IsIn(PLAN_KEYS)
  planKey: PlanKey;

  @IsDateString()
  at: string;
}

export class DemoPaymentsRequest {
  @IsArray()
  @ArrayMaxSize(DEMO_BATCH_MAX)
  @ValidateNested({ each: true })
  @Type(() => DemoPayment)
  payments: DemoPayment[];
}

export class DemoPlay {
  @IsUUID()
  id: string;

  @IsUUID()
  viewerId: string;

  @IsIn(['movie', 'episode'])
  kind: 'movie' | 'episode';

  @IsUUID()
  titleId: string;

  @IsDateString()
  at: string;

  @IsInt()
  @Min(0)
  @Max(86_400)
  watchSeconds: number;

  /** Watched to its end: a finish for the co-watching of the picked rows (issue 22). */
  @IsOptional()
  @IsBoolean()
  finished?: boolean;
}

export class DemoPlaysRequest {
  @IsArray()
  @ArrayMaxSize(DEMO_BATCH_MAX)
  @ValidateNested({ each: true })
  @Type(() => DemoPlay)
  plays: DemoPlay[];
}

/** Demo activity is for development: a service in production refuses it. */
export function refuseDemoInProduction(isProduction: boolean): void {
  if (isProduction)
    throw new DomainError(ErrorCode.FORBIDDEN, 'Demo activity is for development only, never production.');
}

/** What a demo request added (0 when a previous run had added it all). */
export interface DemoRecorded {
  created: number;
}

// ---- Subjects ----

/** Subjects.catalog.analytics. */
export const CatalogAnalyticsSubjects = {
  viewing: subject<ViewingAnalyticsRequest, ViewingAnalytics>('chitram.catalog.analytics.viewing.v1'),
  /** Starts recomputing the aggregates from the stored facts (viewing facts and the plan periods known). */
  rebuild: subject<AnalyticsRebuildRequest, AnalyticsRebuildJob>('chitram.catalog.analytics.rebuild.v1'),
  rebuildStatus: subject<AnalyticsRebuildStatusRequest, AnalyticsRebuildStatus>(
    'chitram.catalog.analytics.rebuild-status.v1',
  ),
  demo: subject<DemoPlaysRequest, DemoRecorded>('chitram.catalog.analytics.demo.v1'),
} as const;

/** Subjects.billing.analytics. */
export const BillingAnalyticsSubjects = {
  daily: subject<AnalyticsPeriodRequest, BillingAnalytics>('chitram.billing.analytics.daily.v1'),
  revenue: subject<AnalyticsPeriodRequest, PeriodRevenue>('chitram.billing.analytics.revenue.v1'),
  /** Starts recomputing the aggregates from payments and subscription periods. */
  rebuild: subject<AnalyticsRebuildRequest, AnalyticsRebuildJob>('chitram.billing.analytics.rebuild.v1'),
  rebuildStatus: subject<AnalyticsRebuildStatusRequest, AnalyticsRebuildStatus>(
    'chitram.billing.analytics.rebuild-status.v1',
  ),
  demo: subject<DemoPaymentsRequest, DemoRecorded>('chitram.billing.analytics.demo.v1'),
} as const;

/** Subjects.users.analytics. */
export const UserAnalyticsSubjects = {
  signUps: subject<AnalyticsPeriodRequest, SignUpAnalytics>('chitram.users.analytics.sign-ups.v1'),
  /** Starts recomputing the aggregates from the sign-up facts. */
  rebuild: subject<AnalyticsRebuildRequest, AnalyticsRebuildJob>('chitram.users.analytics.rebuild.v1'),
  rebuildStatus: subject<AnalyticsRebuildStatusRequest, AnalyticsRebuildStatus>(
    'chitram.users.analytics.rebuild-status.v1',
  ),
  demo: subject<DemoViewersRequest, DemoRecorded>('chitram.users.analytics.demo.v1'),
} as const;
