import { Injectable } from '@nestjs/common';
import {
  DomainError,
  ErrorCode,
  PARTNER_PAGE_SIZE,
  PartnerMessages,
  sharePool,
  type AdminActor,
  type AdminAssignSeries,
  type AdminAssignTitle,
  type AdminCreatePartner,
  type AdminDeletePartner,
  type AdminUpdatePartner,
  type AuditEntityRef,
  type Partner,
  type PartnerDetails,
  type PartnerDetailsRequest,
  type PartnerListRequest,
  type PartnerName,
  type PartnerPage,
  type PartnerPeriodRequest,
  type PartnerPeriodTotals,
  type PartnerSaved,
  type PartnerStanding,
  type TitlePartner,
} from '@chitram/contracts';
import { type AuditWriter, recordAdminAction } from '@chitram/nest-kit';
import { DataSource, QueryFailedError } from 'typeorm';
import { PartnersRepository, type PartnerViewing } from './partners.repository';

function notFound(): DomainError {
  return new DomainError(ErrorCode.NOT_FOUND, PartnerMessages.notFound);
}

/** A second partner of the same name (any case) breaks the unique index on lower(name). */
function nameTaken(error: unknown): DomainError | undefined {
  const driver = (error as { driverError?: { code?: string; constraint?: string } }).driverError;
  if (error instanceof QueryFailedError && driver?.code === '23505')
    return new DomainError(ErrorCode.CONFLICT, PartnerMessages.nameTaken, {
      name: [PartnerMessages.nameTaken],
    });
  return undefined;
}

/** A partner as the audit trail names it. */
function partnerRef(partner: Partner): AuditEntityRef {
  return { type: 'partner', id: partner._id, label: partner.name };
}

/** The fields of a partner an admin writes, as the audit trail compares them. */
function partnerRecord({ name, contactPerson, email, phone, revenueSharePercent }: Partner) {
  return { name, contactPerson, email, phone, revenueSharePercent };
}

/** A title's (or a series') partner changed by an admin: who supplied it before and after, by name. */
async function recordAssignment(
  writer: AuditWriter,
  actor: AdminActor | undefined,
  entity: AuditEntityRef,
  before: PartnerName | null,
  after: PartnerName | null,
): Promise<void> {
  if (before?._id === after?._id) return;
  await recordAdminAction(writer, actor, {
    action: 'assigned',
    entity,
    before: { partner: before?.name ?? null },
    after: { partner: after?.name ?? null },
  });
}

/** What a period's viewing and pool make of each partner: their standing, and the period's totals. */
interface Shares {
  standing(partnerId: string): PartnerStanding;
  totals: PartnerPeriodTotals;
}

/**
 * Content partners (the spec's Vendor page; DECISIONS D12). Every write to partners and to which titles
 * they supply goes through this class, each in one transaction that knows the record before and after
 * and records an admin's write in the audit trail (its outbox row commits with the write).
 */
@Injectable()
export class PartnerBook {
  constructor(
    private readonly dataSource: DataSource,
    private readonly partners: PartnersRepository,
  ) {}

  // ---- Writes ----

  async create({ actor, ...body }: AdminCreatePartner): Promise<PartnerSaved> {
    try {
      const partner = await this.dataSource.transaction(async (manager) => {
        const created = await this.partners.insert(manager, body);
        await recordAdminAction(manager, actor, {
          action: 'created',
          entity: partnerRef(created),
          after: partnerRecord(created),
        });
        return created;
      });
      return { partner, message: PartnerMessages.created };
    } catch (error) {
      throw nameTaken(error) ?? error;
    }
  }

  async update({ id, actor, ...changes }: AdminUpdatePartner): Promise<PartnerSaved> {
    try {
      const partner = await this.dataSource.transaction(async (manager) => {
        const before = await this.partners.find(id, manager, { lock: true });
        if (!before) throw notFound();
        const after = (await this.partners.update(manager, id, changes)) ?? before;
        await recordAdminAction(manager, actor, {
          action: 'updated',
          entity: partnerRef(after),
          before: partnerRecord(before),
          after: partnerRecord(after),
        });
        return after;
      });
      return { partner, message: PartnerMessages.updated };
    } catch (error) {
      throw nameTaken(error) ?? error;
    }
  }

  async delete({ id, actor }: AdminDeletePartner): Promise<{ partner: PartnerName }> {
    return this.dataSource.transaction(async (manager) => {
      const before = await this.partners.find(id, manager, { lock: true });
      if (!before) throw notFound();
      await this.partners.delete(manager, id);
      await recordAdminAction(manager, actor, {
        action: 'deleted',
        entity: partnerRef(before),
        before: partnerRecord(before),
      });
      return { partner: { _id: before._id, name: before.name } };
    });
  }

  /** Gives a movie or show to a partner, or to none (null); a title has one partner at most. */
  assign({ kind, titleId, partnerId, actor }: AdminAssignTitle): Promise<TitlePartner> {
    return this.dataSource.transaction(async (manager) => {
      const title = await this.partners.titleName(manager, kind, titleId);
      if (title === undefined) throw new DomainError(ErrorCode.NOT_FOUND, PartnerMessages.titleNotFound);
      if (partnerId !== null && !(await this.partners.find(partnerId, manager))) throw notFound();
      const before = await this.partners.partnerOf(kind, titleId, manager);
      await this.partners.assign(manager, kind, titleId, partnerId);
      const after = await this.partners.partnerOf(kind, titleId, manager);
      await recordAssignment(
        manager,
        actor,
        { type: kind === 'movie' ? 'movie' : 'show', id: titleId, label: title },
        before,
        after,
      );
      return { partner: after };
    });
  }

  /** Gives every episode of a series to a partner, or to none (null). */
  assignSeries({ seriesId, partnerId, actor }: AdminAssignSeries): Promise<TitlePartner> {
    return this.dataSource.transaction(async (manager) => {
      const series = await this.partners.seriesEpisodes(manager, seriesId);
      if (!series) throw new DomainError(ErrorCode.NOT_FOUND, PartnerMessages.seriesNotFound);
      const partner = partnerId === null ? null : await this.partners.find(partnerId, manager);
      if (partnerId !== null && !partner) throw notFound();
      const before = await this.partners.seriesPartner(seriesId, manager);
      for (const episodeId of series.episodeIds)
        await this.partners.assign(manager, 'episode', episodeId, partnerId);
      const after = partner ? { _id: partner._id, name: partner.name } : null;
      await recordAssignment(
        manager,
        actor,
        { type: 'series', id: seriesId, label: series.title },
        before,
        after,
      );
      return { partner: after };
    });
  }

  // ---- Reads ----

  async page({ page = 1, search, ...period }: PartnerListRequest): Promise<PartnerPage> {
    const [{ partners, total }, shares] = await Promise.all([
      this.partners.page(search || undefined, page),
      this.shares(period),
    ]);
    return {
      partners: partners.map((partner) => ({ ...partner, standing: shares.standing(partner._id) })),
      currentPage: page,
      totalPartners: total,
      totalPages: Math.max(1, Math.ceil(total / PARTNER_PAGE_SIZE)),
      totals: shares.totals,
    };
  }

  async details({ id, ...period }: PartnerDetailsRequest): Promise<PartnerDetails> {
    const [partner, shares, titles] = await Promise.all([
      this.partners.find(id),
      this.shares(period),
      this.partners.titlesViewing(id, period.from, period.to),
    ]);
    if (!partner) throw notFound();
    return { partner, standing: shares.standing(id), totals: shares.totals, titles };
  }

  names(): Promise<PartnerName[]> {
    return this.partners.names();
  }

  async titlePartner(kind: 'movie' | 'episode', titleId: string): Promise<TitlePartner> {
    return { partner: await this.partners.partnerOf(kind, titleId) };
  }

  async seriesPartner(seriesId: string): Promise<TitlePartner> {
    return { partner: await this.partners.seriesPartner(seriesId) };
  }

  searchTitles(search: string) {
    return this.partners.searchTitles(search);
  }

  /** Every partner's part of the period's viewing and, when the pool is known, of its revenue. */
  private async shares({ from, to, pool }: PartnerPeriodRequest): Promise<Shares> {
    const [all, viewing] = await Promise.all([
      this.partners.partnersViewing(from, to),
      this.partners.periodViewing(from, to),
    ]);
    const byId = new Map<string, PartnerViewing>(all.map((p) => [p.partnerId, p]));
    const money = pool === undefined ? null : sharePool(pool, all, viewing.watchSeconds);
    const partnered = all.reduce(
      (sum, p) => ({ plays: sum.plays + p.plays, watchSeconds: sum.watchSeconds + p.watchSeconds }),
      { plays: 0, watchSeconds: 0 },
    );
    return {
      standing: (partnerId) => {
        const own = byId.get(partnerId);
        const paid = money?.byPartner.get(partnerId);
        return {
          plays: own?.plays ?? 0,
          watchSeconds: own?.watchSeconds ?? 0,
          watchShare: viewing.watchSeconds > 0 ? (own?.watchSeconds ?? 0) / viewing.watchSeconds : 0,
          attributableRevenue: money ? (paid?.attributableRevenue ?? 0) : null,
          payout: money ? (paid?.payout ?? 0) : null,
        };
      },
      totals: {
        period: { from, to },
        pool: pool ?? null,
        plays: viewing.plays,
        watchSeconds: viewing.watchSeconds,
        unpartnered: {
          plays: Math.max(0, viewing.plays - partnered.plays),
          watchSeconds: Math.max(0, viewing.watchSeconds - partnered.watchSeconds),
          attributableRevenue: money ? money.unpartnered : null,
        },
      },
    };
  }
}
