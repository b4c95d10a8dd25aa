import { Injectable } from '@nestjs/common';
import {
  DomainError,
  ErrorCode,
  PARTNER_PAGE_SIZE,
  PartnerMessages,
  sharePool,
  type AssignSeriesRequest,
  type AssignTitleRequest,
  type CreatePartnerBody,
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
  type UpdatePartnerRequest,
} from '@chitram/contracts';
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

/** What a period's viewing and pool make of each partner: their standing, and the period's totals. */
interface Shares {
  standing(partnerId: string): PartnerStanding;
  totals: PartnerPeriodTotals;
}

/**
 * Content partners (the spec's Vendor page; DECISIONS D12). Every write to partners and to which titles
 * they supply goes through this class, each in one transaction that knows the record before and after, so that what is recorded about admin writes has one place to sit.
 */
@Injectable()
export class PartnerBook {
  constructor(
    private readonly dataSource: DataSource,
    private readonly partners: PartnersRepository,
  ) {}

  // ---- Writes ----

  async create(body: CreatePartnerBody): Promise<PartnerSaved> {
    try {
      const partner = await this.dataSource.transaction((manager) => this.partners.insert(manager, body));
      return { partner, message: PartnerMessages.created };
    } catch (error) {
      throw nameTaken(error) ?? error;
    }
  }

  async update({ id, ...changes }: UpdatePartnerRequest): Promise<PartnerSaved> {
    try {
      const partner = await this.dataSource.transaction(async (manager) => {
        const before = await this.partners.find(id, manager, { lock: true });
        if (!before) throw notFound();
        return (await this.partners.update(manager, id, changes)) ?? before;
      });
      return { partner, message: PartnerMessages.updated };
    } catch (error) {
      throw nameTaken(error) ?? error;
    }
  }

  async delete(id: string): Promise<{ partner: PartnerName }> {
    return this.dataSource.transaction(async (manager) => {
      const before = await this.partners.find(id, manager, { lock: true });
      if (!before) throw notFound();
      await this.partners.delete(manager, id);
      return { partner: { _id: before._id, name: before.name } };
    });
  }

  /** Gives a movie or show to a partner, or to none (null); a title has one partner at most. */
  assign({ kind, titleId, partnerId }: AssignTitleRequest): Promise<TitlePartner> {
    return this.dataSource.transaction(async (manager) => {
      if (!(await this.partners.titleExists(manager, kind, titleId)))
        throw new DomainError(ErrorCode.NOT_FOUND, PartnerMessages.titleNotFound);
      if (partnerId !== null && !(await this.partners.find(partnerId, manager))) throw notFound();
      await this.partners.assign(manager, kind, titleId, partnerId);
      return { partner: await this.partners.partnerOf(kind, titleId, manager) };
    });
  }

  /** Gives every episode of a series to a partner, or to none (null). */
  assignSeries({ seriesId, partnerId }: AssignSeriesRequest): Promise<TitlePartner> {
    return this.dataSource.transaction(async (manager) => {
      const episodes = await this.partners.seriesEpisodes(manager, seriesId);
      if (!episodes) throw new DomainError(ErrorCode.NOT_FOUND, PartnerMessages.seriesNotFound);
      const partner = partnerId === null ? null : await this.partners.find(partnerId, manager);
      if (partnerId !== null && !partner) throw notFound();
      for (const episodeId of episodes) await this.partners.assign(manager, 'episode', episodeId, partnerId);
      return { partner: partner ? { _id: partner._id, name: partner.name } : null };
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
