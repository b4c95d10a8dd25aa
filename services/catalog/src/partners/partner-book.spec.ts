import { randomUUID } from 'node:crypto';
import {
  AuditEvents,
  ErrorCode,
  type Partner,
  type PartnerName,
  type PartnerTitleKind,
} from '@chitram/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { testAdmin } from '../testing/in-memory-writes';
import { PartnerBook } from './partner-book';
import type { PartnersRepository, PartnerViewing } from './partners.repository';

/**
 * PartnerBook's rules (DECISIONS D12: a title has one partner at most, a series' episodes share one,
 * each admin change recorded once; each partner's standing and the period's totals) with its repository
 * in memory; the SQL is tested against Postgres in partners.integration-spec.ts.
 */

/** The audit rows the transaction's manager was asked to write to the outbox. */
function recordingManager(audit: unknown[]): EntityManager {
  return {
    query: (_sql: string, [subject, payload]: [string, string]) => {
      if (subject === AuditEvents.adminActionRecorded) audit.push(JSON.parse(payload));
      return Promise.resolve([{ id: randomUUID() }]);
    },
  } as unknown as EntityManager;
}

class InMemoryPartners {
  readonly partners: Partner[] = [];
  readonly titles = new Map<string, { kind: PartnerTitleKind; name: string; seriesId?: string }>();
  readonly supplier = new Map<string, string>();
  viewing: PartnerViewing[] = [];
  total = { plays: 0, watchSeconds: 0 };

  add(name: string, revenueSharePercent = 50): Partner {
    const partner = { _id: randomUUID(), name, revenueSharePercent } as Partner;
    this.partners.push(partner);
    return partner;
  }

  find(id: string) {
    return Promise.resolve(this.partners.find((p) => p._id === id));
  }

  titleName(_m: EntityManager, kind: PartnerTitleKind, titleId: string) {
    const title = this.titles.get(titleId);
    return Promise.resolve(title?.kind === kind ? title.name : undefined);
  }

  partnerOf(_kind: PartnerTitleKind, titleId: string): Promise<PartnerName | null> {
    const partner = this.partners.find((p) => p._id === this.supplier.get(titleId));
    return Promise.resolve(partner ? { _id: partner._id, name: partner.name } : null);
  }

  assign(_m: EntityManager, _kind: PartnerTitleKind, titleId: string, partnerId: string | null) {
    if (partnerId) this.supplier.set(titleId, partnerId);
    else this.supplier.delete(titleId);
    return Promise.resolve();
  }

  seriesEpisodes(_m: EntityManager, seriesId: string) {
    const episodeIds = [...this.titles].filter(([, t]) => t.seriesId === seriesId).map(([id]) => id);
    return Promise.resolve(episodeIds.length ? { title: 'A series', episodeIds } : undefined);
  }

  async seriesPartner(seriesId: string) {
    const { episodeIds } = (await this.seriesEpisodes(undefined as never, seriesId)) ?? { episodeIds: [] };
    const partners = new Set(episodeIds.map((id) => this.supplier.get(id)));
    const [only] = partners;
    return partners.size === 1 && only ? this.partnerOf('episode', episodeIds[0]) : null;
  }

  page() {
    return Promise.resolve({ partners: this.partners, total: this.partners.length });
  }

  partnersViewing() {
    return Promise.resolve(this.viewing);
  }

  periodViewing() {
    return Promise.resolve(this.total);
  }
}

const actor = testAdmin();
const period = { from: '2026-11-01', to: '2026-11-30' };

function setUp() {
  const store = new InMemoryPartners();
  const audit: Array<{ action: string; changes: unknown[] }> = [];
  const manager = recordingManager(audit);
  const dataSource = { transaction: <T>(work: (m: EntityManager) => Promise<T>) => work(manager) };
  const book = new PartnerBook(dataSource as unknown as DataSource, store as unknown as PartnersRepository);
  return { store, audit, book };
}

describe('PartnerBook (repository in memory)', () => {
  it('gives a title one partner, records each change once, and refuses an unknown title or partner', async () => {
    const { store, audit, book } = setUp();
    const kaveri = store.add('Kaveri Films');
    const ganga = store.add('Ganga Studios');
    const movie = randomUUID();
    store.titles.set(movie, { kind: 'movie', name: 'Monsoon' });
    const assign = (partnerId: string | null) =>
      book.assign({ kind: 'movie', titleId: movie, partnerId, actor });

    expect(await assign(kaveri._id)).toEqual({ partner: { _id: kaveri._id, name: 'Kaveri Films' } });
    await assign(kaveri._id); // the same again: nothing to record
    expect(await assign(ganga._id)).toEqual({ partner: { _id: ganga._id, name: 'Ganga Studios' } });
    expect(await assign(null)).toEqual({ partner: null });
    expect(audit.map((a) => a.action)).toEqual(['assigned', 'assigned', 'assigned']);

    await expect(assign(randomUUID())).rejects.toMatchObject({ code: ErrorCode.NOT_FOUND });
    await expect(
      book.assign({ kind: 'episode', titleId: movie, partnerId: null, actor }),
    ).rejects.toMatchObject({
      code: ErrorCode.NOT_FOUND,
    });
  });

  it("gives every episode of a series to the partner, and answers the series' partner", async () => {
    const { store, book } = setUp();
    const kaveri = store.add('Kaveri Films');
    const seriesId = randomUUID();
    for (const name of ['One', 'Two']) store.titles.set(randomUUID(), { kind: 'episode', name, seriesId });
    const saved = await book.assignSeries({ seriesId, partnerId: kaveri._id, actor });
    expect(saved).toEqual({ partner: { _id: kaveri._id, name: 'Kaveri Films' } });
    expect(await book.seriesPartner(seriesId)).toEqual(saved);
    await expect(book.assignSeries({ seriesId: randomUUID(), partnerId: null, actor })).rejects.toMatchObject(
      {
        code: ErrorCode.NOT_FOUND,
      },
    );
  });

  it("shares a period's pool by watch time, pays each partner its percent, and leaves the rest unpartnered", async () => {
    const { store, book } = setUp();
    const kaveri = store.add('Kaveri Films', 50);
    const ganga = store.add('Ganga Studios', 20);
    store.viewing = [
      { partnerId: kaveri._id, revenueSharePercent: 50, plays: 3, watchSeconds: 600 },
      { partnerId: ganga._id, revenueSharePercent: 20, plays: 1, watchSeconds: 200 },
    ];
    store.total = { plays: 5, watchSeconds: 1000 };
    const page = await book.page({ ...period, pool: 100_000 });
    const standing = new Map(page.partners.map((p) => [p.name, p.standing]));
    expect(standing.get('Kaveri Films')).toEqual({
      plays: 3,
      watchSeconds: 600,
      watchShare: 0.6,
      attributableRevenue: 60_000,
      payout: 30_000,
    });
    expect(standing.get('Ganga Studios')).toMatchObject({ attributableRevenue: 20_000, payout: 4_000 });
    expect(page.totals.unpartnered).toEqual({ plays: 1, watchSeconds: 200, attributableRevenue: 20_000 });

    // Without a pool, no money is named.
    const unpaid = await book.page(period);
    expect(unpaid.partners[0].standing).toMatchObject({ attributableRevenue: null, payout: null });
  });
});
