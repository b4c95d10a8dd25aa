import { endpoints } from '../analytics/endpoints';
import type { PartnerDetails } from './types';
import { useQuery } from './use-query';

/** A partner with their titles and standing over the last `days` days; nothing is asked without an id. */
export function usePartnerDetails(partnerId: string | undefined, days = 30) {
  return useQuery<PartnerDetails>(partnerId ? endpoints.partner(partnerId) : null, { range: days });
}
