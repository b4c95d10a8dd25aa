import { useMemo } from 'react';
import { useHost } from '../app/host';
import {
  formatDate,
  formatDateTime,
  formatLongDate,
  formatNumber,
  formatPlanPeriod,
  formatPrice,
  formatReleaseDate,
  formatRunTime,
  formatRupees,
  numberFormat,
} from './formats';
import { useViewerTranslation } from './use-viewer-translation';

/** The formats of the interface language's locale ('ta' → 'ta-IN'), ready to call. */
export function useFormats() {
  const { i18n } = useViewerTranslation();
  const { intlLocale } = useHost();
  const locale = intlLocale(i18n.language);
  return useMemo(
    () => ({
      locale,
      rupees: (paise: number) => formatRupees(paise, locale),
      price: (rupees: number | string) => formatPrice(rupees, locale),
      number: (value: number) => formatNumber(value, locale),
      date: (iso: string | null | undefined) => formatDate(iso, locale),
      dateTime: (iso: string | null | undefined) => formatDateTime(iso, locale),
      longDate: (iso: string | null | undefined) => formatLongDate(iso, locale),
      releaseDate: (date: string | null | undefined) => formatReleaseDate(date, locale),
      runTime: (duration: string | null | undefined) => formatRunTime(duration, locale),
      planPeriod: (months: number) => formatPlanPeriod(months, locale),
      /** A year as a number of the language, without grouping: '২০২৪' (bn-IN). */
      year: (value: number) => numberFormat(locale, { useGrouping: false }).format(value),
    }),
    [locale],
  );
}
