import type { PartnerName } from '@chitram/contracts';
import type { EntityManager } from 'typeorm';
import { unusedImages } from '../catalogue.repository';
import { inheritSeriesPartner, seriesPartnerOf } from '../partners/partners.repository';

/** What the writes of series and episodes share: their partner, and the images no title uses any more. */
export class ShowWritesRepository {
  seriesPartnerOf(manager: EntityManager, seriesId: string): Promise<PartnerName | null> {
    return seriesPartnerOf(manager, seriesId);
  }

  inheritSeriesPartner(
    manager: EntityManager,
    partner: PartnerName | null,
    episodeIds: string[],
  ): Promise<void> {
    return inheritSeriesPartner(manager, partner, episodeIds);
  }

  /** Of these image keys, the ones no title uses any more. */
  unusedImages(manager: EntityManager, keys: string[]): Promise<string[]> {
    return unusedImages(manager, keys);
  }
}
