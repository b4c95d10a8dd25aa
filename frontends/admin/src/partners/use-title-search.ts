import { endpoints } from '../analytics/endpoints';
import type { PartnerTitleOption } from './types';
import { useQuery } from './use-query';

/** Movies and shows whose title holds `search` (already debounced), each with its partner now. */
export function useTitleSearch(search: string) {
  const found = useQuery<PartnerTitleOption[]>(search ? endpoints.partnerTitles : null, { search });
  return { ...found, options: found.data ?? [] };
}
