import { useEffect, useState } from 'react';
import { useApi } from '../app/api';
import { endpoints } from '../analytics/endpoints';
import type { PartnerName, PartnerTitleKind, TitleAssigned, TitlePartner } from './types';

/** What a form picks a partner for: a movie, a show, or every episode of a series. */
export type PartnerPickerKind = PartnerTitleKind | 'series';

/**
 * The content partner picker of the movie and show forms: the partners to choose from, the title's
 * partner now (when editing) and the choice, saved once the title itself is saved.
 */
export function useTitlePartner(kind: PartnerPickerKind, titleId: string | undefined) {
  const { api, problemOf } = useApi();
  const [names, setNames] = useState<PartnerName[] | null>(null);
  const [current, setCurrent] = useState<string>('');
  const [chosen, setChosen] = useState<string | null>(null);
  const [error, setError] = useState('');

  useEffect(() => {
    const controller = new AbortController();
    const signal = controller.signal;
    api
      .get(endpoints.partnerNames, { signal })
      .json<PartnerName[]>()
      .then(
        (list) => !signal.aborted && setNames(list),
        (failure: unknown) => !signal.aborted && setError(problemOf(failure).message),
      );
    if (titleId)
      api
        .get(endpoints.titlePartner(kind, titleId), { signal })
        .json<TitlePartner>()
        .then(
          (answer) => !signal.aborted && setCurrent(answer.partner?._id ?? ''),
          (failure: unknown) => !signal.aborted && setError(problemOf(failure).message),
        );
    return () => controller.abort();
  }, [api, problemOf, kind, titleId]);

  const value = chosen ?? current;
  return {
    names,
    value,
    error,
    choose: (partnerId: string) => setChosen(partnerId),
    /** Saves the choice for the saved title when it changed; answers the problem's words, if any. */
    async save(savedId: string): Promise<string | null> {
      if (chosen === null || (chosen === current && savedId === titleId)) return null;
      try {
        await api
          .put(endpoints.titlePartner(kind, savedId), { json: { partnerId: chosen || null } })
          .json<TitleAssigned>();
        setCurrent(chosen);
        return null;
      } catch (failure) {
        return problemOf(failure).message;
      }
    },
  };
}
