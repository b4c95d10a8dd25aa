import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import {
  type AdminPlanView,
  type CancelPlanChangeRequest,
  DomainError,
  ErrorCode,
  paiseOfRupees,
  planTextsOf,
  PLANS,
  type PlanKey,
  type PlanTermsVersion,
  type SchedulePlanTermsRequest,
  type StoredPlan,
  Subjects,
} from '@chitram/contracts';
import {
  announce,
  hear,
  LOGGER,
  type Logger,
  NATS_CONNECTION,
  Outbox,
  RawJson,
  recordAdminAction,
} from '@chitram/nest-kit';
import type { NatsConnection, Subscription } from 'nats';
import { BillingConfig } from '../config';
import { changesAfter, effectiveMoment, rupeeText, termsAt, type TermsVersion } from './plan-terms-rules';
import { type PlanRecord, PlansRepository } from './plans.repository';

interface Loaded {
  at: number;
  plans: PlanRecord[];
  /** Each plan's versions, oldest first. */
  versions: Map<PlanKey, TermsVersion[]>;
}

function versionView(version: TermsVersion): PlanTermsVersion {
  return {
    _id: version.id,
    effectiveFrom: version.effectiveFrom.toISOString(),
    amount: version.amount,
    validityMonths: version.validityMonths,
    devices: [...version.devices],
    maxResolution: version.maxResolution,
    maxStreams: version.maxStreams,
    createdBy: version.createdBy,
    createdAt: version.createdAt.toISOString(),
  };
}

/** The moment (ms) the next scheduled version of any plan takes effect after `now`; Infinity when none is. */
function nextChangeAfter(loaded: Loaded, now: number): number {
  let next = Infinity;
  for (const versions of loaded.versions.values())
    for (const version of versions) {
      const from = version.effectiveFrom.getTime();
      if (from > now && from < next) next = from;
    }
  return next;
}

/** What the audit trail keeps of a version. */
const audited = (version: TermsVersion) => ({
  effectiveFrom: version.effectiveFrom.toISOString(),
  price: rupeeText(version.amount),
  validityMonths: version.validityMonths,
  devices: [...version.devices],
  maxResolution: version.maxResolution,
  maxStreams: version.maxStreams,
});

/**
 * The four plans (SPEC §3) and their terms (D17, D20, D21, D24), stored in billing's database and priced
 * there (D16). Finance and the owner set a plan's terms from a moment on (D43); the contracts' plan table
 * only seeds a first start. Each instance keeps every version and picks the one in force at each call,
 * so a change scheduled ahead takes effect on time; a change made on another instance is announced and
 * read again here, and at worst after PLAN_TERMS_REFRESH_SECONDS.
 */
@Injectable()
export class PlansService implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy {
  private loaded: Loaded | null = null;
  /** The list as it went on the wire last, for the terms it was made from, until the next change. */
  private listed: { from: Loaded; until: number; json: RawJson<StoredPlan[]> } | null = null;
  private subscription?: Subscription;

  constructor(
    private readonly plans: PlansRepository,
    private readonly outbox: Outbox,
    private readonly config: BillingConfig,
    @Inject(NATS_CONNECTION) private readonly nats: NatsConnection,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit(): void {
    this.subscription = hear(this.nats, Subjects.billing.planTermsChanged, () => {
      this.loaded = null;
    });
  }

  onModuleDestroy(): void {
    this.subscription?.unsubscribe();
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.plans.seed(PLANS);
    await this.reload();
  }

  /** Every plan with its terms in force at `at` and the next change scheduled after it. */
  async list(at: Date = new Date()): Promise<StoredPlan[]> {
    return this.plansAt(await this.current(), at);
  }

  /**
   * The list as `list()` makes it now, already serialised: everyone who opens the plans page asks for
   * it, and making it afresh each time (copying each plan with its terms, then encoding it) was most
   * of billing's work per request under bench:gateway. The same bytes are sent until the terms are read
   * again or the next scheduled change takes effect, whichever comes first.
   */
  async listJson(): Promise<RawJson<StoredPlan[]>> {
    const loaded = await this.current();
    const now = Date.now();
    const kept = this.listed;
    if (kept && kept.from === loaded && now < kept.until) return kept.json;
    const json = new RawJson<StoredPlan[]>(Buffer.from(JSON.stringify(this.plansAt(loaded, new Date(now)))));
    this.listed = { from: loaded, until: nextChangeAfter(loaded, now), json };
    return json;
  }

  /** One plan with its terms in force at `at`. */
  async get(planKey: string, at: Date = new Date()): Promise<StoredPlan> {
    const loaded = await this.current();
    const plan = loaded.plans.find((p) => p.planKey === planKey);
    const stored = plan && this.storedPlan(loaded, plan, at);
    if (!stored) throw new DomainError(ErrorCode.NOT_FOUND, `There is no plan "${planKey}".`);
    return stored;
  }

  /** Finance's view: each plan's terms now and the changes scheduled, read afresh. */
  async adminList(): Promise<AdminPlanView[]> {
    const loaded = await this.reload();
    const now = new Date();
    return loaded.plans.flatMap((plan) => {
      const view = this.adminView(loaded, plan.planKey, now);
      return view ? [view] : [];
    });
  }

  /** New terms for a plan from `effectiveFrom` (now, or later), recorded in the audit trail. */
  async schedule(request: SchedulePlanTermsRequest): Promise<AdminPlanView> {
    const now = new Date();
    const effectiveFrom = effectiveMoment(request.effectiveFrom, now);
    if (!effectiveFrom)
      throw new DomainError(ErrorCode.PLAN_CHANGE_IN_PAST, 'A plan change takes effect now or later.');
    const amount = paiseOfRupees(request.price);
    if (!amount) throw new DomainError(ErrorCode.VALIDATION_FAILED, 'price must be rupees above 0.');
    const loaded = await this.reload();
    const plan = loaded.plans.find((p) => p.planKey === request.planKey);
    if (!plan) throw new DomainError(ErrorCode.NOT_FOUND, `There is no plan "${request.planKey}".`);
    // What the new terms follow, for the trail: the terms before that moment.
    const earlier = (loaded.versions.get(request.planKey) ?? []).filter(
      (v) => v.effectiveFrom < effectiveFrom,
    );
    const before = termsAt(earlier, effectiveFrom);
    await this.outbox.transaction(async (manager, emit) => {
      await this.plans.lockPlan(manager, request.planKey);
      const version = await this.plans.schedule(manager, {
        planKey: request.planKey,
        effectiveFrom,
        amount,
        validityMonths: request.validityMonths,
        devices: [...new Set(request.devices)],
        maxResolution: request.maxResolution,
        maxStreams: request.maxStreams,
        createdBy: request.actor.adminId,
      });
      await recordAdminAction(emit, request.actor, {
        action: 'plan-change-scheduled',
        entity: { type: 'plan', id: request.planKey, label: plan.plan },
        before: before ? audited(before) : null,
        after: audited(version),
      });
    });
    this.logger.info(
      { planKey: request.planKey, effectiveFrom, amount, adminId: request.actor.adminId },
      'plan terms scheduled',
    );
    return this.changed(request.planKey);
  }

  /** Cancels a change that has not taken effect; PLAN_CHANGE_STARTED once it has. */
  async cancel(request: CancelPlanChangeRequest): Promise<AdminPlanView> {
    const plan = await this.get(request.planKey);
    await this.outbox.transaction(async (manager, emit) => {
      await this.plans.lockPlan(manager, request.planKey);
      const version = await this.plans.version(manager, request.planKey, request.changeId);
      if (!version) throw new DomainError(ErrorCode.NOT_FOUND, 'There is no such plan change.');
      if (!(await this.plans.cancel(manager, version.id)))
        throw new DomainError(ErrorCode.PLAN_CHANGE_STARTED, 'This change has taken effect already.');
      await recordAdminAction(emit, request.actor, {
        action: 'plan-change-cancelled',
        entity: { type: 'plan', id: request.planKey, label: plan.plan },
        before: audited(version),
        after: null,
      });
    });
    this.logger.info(
      { planKey: request.planKey, changeId: request.changeId, adminId: request.actor.adminId },
      'plan change cancelled',
    );
    return this.changed(request.planKey);
  }

  /** After a change: read again here, tell the other instances, answer the plan as finance sees it. */
  private async changed(planKey: PlanKey): Promise<AdminPlanView> {
    const loaded = await this.reload();
    announce(this.nats, Subjects.billing.planTermsChanged, { planKey });
    const view = this.adminView(loaded, planKey, new Date());
    if (!view) throw new DomainError(ErrorCode.NOT_FOUND, `There is no plan "${planKey}".`);
    return view;
  }

  private plansAt(loaded: Loaded, at: Date): StoredPlan[] {
    return loaded.plans.flatMap((plan) => {
      const stored = this.storedPlan(loaded, plan, at);
      return stored ? [stored] : [];
    });
  }

  private storedPlan(loaded: Loaded, plan: PlanRecord, at: Date): StoredPlan | undefined {
    const versions = loaded.versions.get(plan.planKey) ?? [];
    const terms = termsAt(versions, at);
    if (!terms) return undefined;
    const next = changesAfter(versions, at)[0];
    return {
      ...plan,
      // SPEC §3's words follow the terms in force, not the plan table they were seeded from (D43).
      ...planTextsOf(terms),
      price: rupeeText(terms.amount),
      validityMonths: terms.validityMonths,
      devices: [...terms.devices],
      maxResolution: terms.maxResolution,
      maxStreams: terms.maxStreams,
      amount: terms.amount,
      currency: 'INR',
      upcoming: next
        ? {
            effectiveFrom: next.effectiveFrom.toISOString(),
            amount: next.amount,
            validityMonths: next.validityMonths,
            devices: [...next.devices],
            maxResolution: next.maxResolution,
            maxStreams: next.maxStreams,
          }
        : null,
    };
  }

  private adminView(loaded: Loaded, planKey: PlanKey, now: Date): AdminPlanView | undefined {
    const plan = loaded.plans.find((p) => p.planKey === planKey);
    const versions = loaded.versions.get(planKey) ?? [];
    const current = termsAt(versions, now);
    if (!plan || !current) return undefined;
    return {
      planKey,
      plan: plan.plan,
      current: versionView(current),
      scheduled: changesAfter(versions, now).map(versionView),
    };
  }

  private async current(): Promise<Loaded> {
    const loaded = this.loaded;
    if (loaded && Date.now() - loaded.at < this.config.PLAN_TERMS_REFRESH_SECONDS * 1000) return loaded;
    return this.reload();
  }

  private async reload(): Promise<Loaded> {
    const [plans, terms] = await Promise.all([this.plans.all(), this.plans.terms()]);
    const versions = new Map<PlanKey, TermsVersion[]>();
    for (const version of terms)
      versions.set(version.planKey, [...(versions.get(version.planKey) ?? []), version]);
    this.loaded = { at: Date.now(), plans, versions };
    return this.loaded;
  }
}
