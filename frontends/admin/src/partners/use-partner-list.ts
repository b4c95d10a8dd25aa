import { endpoints } from '../analytics/endpoints';
import type { PartnerPage } from './types';
import { useQuery } from './use-query';

/** One page of the partners, searched by name, with their standing over the last `days` days. */
export function usePartnerList(search: string, page: number, days: number) {
  return useQuery<PartnerPage>(
    endpoints.partners,
    search ? { page, range: days, search } : { page, range: days },
  );
}
