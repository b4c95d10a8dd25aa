import { Inject, Injectable } from '@nestjs/common';
import {
  PartnerMessages,
  Subjects,
  type AdminActor,
  type AnalyticsPeriodView,
  type CreatePartnerBody,
  type PartnerActionDone,
  type PartnerDetails,
  type PartnerListQuery,
  type PartnerName,
  type PartnerPage,
  type PartnerSaved,
  type PartnerTitleKind,
  type PartnerTitleOption,
  type PeriodQuery,
  type TitleAssigned,
  type TitlePartner,
  type UpdatePartnerBody,
} from '@chitram/contracts';
import { LOGGER, type Logger, RpcClient } from '@chitram/nest-kit';
import { periodOf } from './analytics-period';
import { ADMIN_PART_TIMEOUT_MS, partOf } from './service-part';

/**
 * Content partners for the back office (the spec's Vendor page; DECISIONS D12). The partners and their
 * titles are the catalogue's, which records each admin write in the audit trail; the revenue pool of a period is billing's, asked first and left out (the
 * money columns unknown) when billing does not answer. Every admin write to partners passes here.
 */
@Injectable()
export class PartnerDirectory {
  constructor(
    private readonly rpc: RpcClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  // ---- Reads ----

  async page({ page, search, ...period }: PartnerListQuery): Promise<PartnerPage> {
    const days = periodOf(period);
    return this.rpc.call(Subjects.catalog.partners.list, {
      ...days,
      page,
      search,
      pool: await this.poolOf(days),
    });
  }

  async details(id: string, period: PeriodQuery): Promise<PartnerDetails> {
    const days = periodOf(period);
    return this.rpc.call(Subjects.catalog.partners.details, { ...days, id, pool: await this.poolOf(days) });
  }

  names(): Promise<PartnerName[]> {
    return this.rpc.call(Subjects.catalog.partners.names, {});
  }

  searchTitles(search: string): Promise<PartnerTitleOption[]> {
    return this.rpc.call(Subjects.catalog.partners.searchTitles, { search });
  }

  titlePartner(kind: PartnerTitleKind, titleId: string): Promise<TitlePartner> {
    return this.rpc.call(Subjects.catalog.partners.titlePartner, { kind, titleId });
  }

  seriesPartner(seriesId: string): Promise<TitlePartner> {
    return this.rpc.call(Subjects.catalog.partners.seriesPartner, { seriesId });
  }

  /** Billing's revenue of the period, or undefined when billing did not answer in time. */
  private async poolOf(period: AnalyticsPeriodView): Promise<number | undefined> {
    const part = await partOf(
      'billing',
      this.rpc.call(Subjects.billing.analytics.revenue, period, { timeoutMs: ADMIN_PART_TIMEOUT_MS }),
      this.logger,
    );
    return part.available ? part.revenue : undefined;
  }

  // ---- Writes ----

  async create(admin: AdminActor, body: CreatePartnerBody): Promise<PartnerSaved> {
    const saved = await this.rpc.call(Subjects.catalog.partners.create, { ...body, actor: admin });
    this.logger.info({ adminId: admin.adminId, partnerId: saved.partner._id }, 'admin created a partner');
    return saved;
  }

  async update(admin: AdminActor, id: string, changes: UpdatePartnerBody): Promise<PartnerSaved> {
    const saved = await this.rpc.call(Subjects.catalog.partners.update, { ...changes, id, actor: admin });
    this.logger.info({ adminId: admin.adminId, partnerId: id }, 'admin changed a partner');
    return saved;
  }

  async delete(admin: AdminActor, id: string): Promise<PartnerActionDone> {
    await this.rpc.call(Subjects.catalog.partners.delete, { id, actor: admin });
    this.logger.info({ adminId: admin.adminId, partnerId: id }, 'admin deleted a partner');
    return { success: true, message: PartnerMessages.deleted };
  }

  async assignSeries(admin: AdminActor, seriesId: string, partnerId: string | null): Promise<TitleAssigned> {
    const now = await this.rpc.call(Subjects.catalog.partners.assignSeries, {
      seriesId,
      partnerId,
      actor: admin,
    });
    this.logger.info({ adminId: admin.adminId, seriesId, partnerId }, 'admin assigned a series');
    return {
      ...now,
      message: now.partner ? PartnerMessages.titleAssigned : PartnerMessages.titleUnassigned,
    };
  }

  async assign(
    admin: AdminActor,
    kind: PartnerTitleKind,
    titleId: string,
    partnerId: string | null,
  ): Promise<TitleAssigned> {
    const now = await this.rpc.call(Subjects.catalog.partners.assign, {
      kind,
      titleId,
      partnerId,
      actor: admin,
    });
    this.logger.info({ adminId: admin.adminId, kind, titleId, partnerId }, 'admin assigned a title');
    return {
      ...now,
      message: now.partner ? PartnerMessages.titleAssigned : PartnerMessages.titleUnassigned,
    };
  }
}
