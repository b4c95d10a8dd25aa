import 'reflect-metadata';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  ArrayUnique,
  IsArray,
  IsIn,
  IsInt,
  IsISO8601,
  IsString,
  IsUUID,
  Matches,
  Max,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { AdminActor } from './audit';
import {
  type AdminPlanView,
  MAX_PLAN_STREAMS,
  type PlanTermsChanged,
  MAX_PLAN_VALIDITY_MONTHS,
  PLAN_RESOLUTIONS,
  RUPEE_PRICE,
} from './plan-terms-answers';
import { DEVICE_CLASSES, type DeviceClass, PLAN_KEYS, type PlanKey } from './plans';
import { event, subject } from './subject';

export * from './plan-terms-answers';

// Plans the business can change (issue 26, DECISIONS D43): finance and the owner schedule new terms for
// a plan from a moment on, and cancel a change that has not taken effect.

export class PlanParams {
  @IsIn(PLAN_KEYS, { message: `planKey must be one of ${PLAN_KEYS.join(', ')}` })
  planKey: PlanKey;
}

/** `POST /api/admin/plans/:planKey/changes`'s body: the plan's terms from `effectiveFrom` on. */
export class SchedulePlanTermsBody {
  /** Rupees, up to two decimals, above nothing (GST included, like every price, D16). */
  @IsString()
  @Matches(RUPEE_PRICE, { message: 'price must be rupees above 0, with at most two decimals' })
  price: string;

  @IsInt()
  @Min(1)
  @Max(MAX_PLAN_VALIDITY_MONTHS)
  validityMonths: number;

  @IsArray()
  @ArrayNotEmpty({ message: 'devices must name at least one device class' })
  @ArrayMaxSize(DEVICE_CLASSES.length)
  @ArrayUnique()
  @IsIn(DEVICE_CLASSES, {
    each: true,
    message: `each of devices must be one of ${DEVICE_CLASSES.join(', ')}`,
  })
  devices: DeviceClass[];

  @IsIn(PLAN_RESOLUTIONS, { message: `maxResolution must be one of ${PLAN_RESOLUTIONS.join(', ')}` })
  maxResolution: number;

  @IsInt()
  @Min(1)
  @Max(MAX_PLAN_STREAMS)
  maxStreams: number;

  /** `now`, or an ISO moment not in the past (PLAN_CHANGE_IN_PAST). */
  @ValidateIf((body: SchedulePlanTermsBody) => body.effectiveFrom !== 'now')
  @IsISO8601({ strict: true }, { message: 'effectiveFrom must be now or an ISO date-time' })
  effectiveFrom: string;
}

export class SchedulePlanTermsRequest extends SchedulePlanTermsBody {
  @IsIn(PLAN_KEYS, { message: `planKey must be one of ${PLAN_KEYS.join(', ')}` })
  planKey: PlanKey;

  @ValidateNested()
  @Type(() => AdminActor)
  actor: AdminActor;
}

export class PlanChangeParams extends PlanParams {
  @IsUUID()
  changeId: string;
}

export class CancelPlanChangeRequest extends PlanChangeParams {
  @ValidateNested()
  @Type(() => AdminActor)
  actor: AdminActor;
}

/** Finance's plan terms (D43): Subjects.billing.planTerms. */
export const PlanTermsSubjects = {
  list: subject<Record<string, never>, AdminPlanView[]>('chitram.billing.plans.terms.list.v1'),
  /** New terms from a moment on; at the same moment as a scheduled change, they replace it. */
  schedule: subject<SchedulePlanTermsRequest, AdminPlanView>('chitram.billing.plans.terms.schedule.v1'),
  /** Cancels a change not yet in force; PLAN_CHANGE_STARTED once it is. */
  cancel: subject<CancelPlanChangeRequest, AdminPlanView>('chitram.billing.plans.terms.cancel.v1'),
} as const;

/** Core NATS, to every billing instance as a change is made: each reads the plans' terms again (D43). */
export const planTermsChanged = event<PlanTermsChanged>('chitram.billing.plans.terms.changed.v1');
