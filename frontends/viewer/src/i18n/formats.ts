// Dates, numbers and prices as the interface language writes them (issue 11), in India's time.
import { parseDuration, type DeviceClass } from '@chitram/contracts/web';

/**
 * Intl's formatters, made once per locale and options: making one costs about as much as a thousand
 * uses of it, and the home page formats a year and a run time for each of its sixty-odd posters
 * (issue 19: a phone's main thread spent ~85 ms making formatters).
 */
const formatters = new Map<string, unknown>();
function cached<T>(kind: string, locale: string, options: object, make: () => T): T {
  const key = `${kind}|${locale}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key) as T | undefined;
  if (formatter === undefined) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter;
}
export const numberFormat = (locale: string, options: Intl.NumberFormatOptions = {}) =>
  cached('number', locale, options, () => new Intl.NumberFormat(locale, options));
const dateTimeFormat = (locale: string, options: Intl.DateTimeFormatOptions) =>
  cached('date', locale, options, () => new Intl.DateTimeFormat(locale, options));
const listFormat = (locale: string, options: Intl.ListFormatOptions) =>
  cached('list', locale, options, () => new Intl.ListFormat(locale, options));

function dateOf(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  // A bare calendar date is that day wherever it is read; a moment is read in India's time.
  const date = match ? new Date(Date.UTC(+match[1], +match[2] - 1, +match[3], 12)) : new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** ₹ in the Indian grouping, from paise: 120000 → '₹1,200.00' (en-IN), '₹১,২০০.০০' (bn-IN). */
export function formatRupees(paise: number, locale: string): string {
  return numberFormat(locale, { style: 'currency', currency: 'INR' }).format(paise / 100);
}

/** A whole-rupee price as the plans list it: '1200' → '₹1,200'. */
export function formatPrice(rupees: number | string, locale: string): string {
  return numberFormat(locale, {
    style: 'currency',
    currency: 'INR',
    maximumFractionDigits: 0,
  }).format(Number(rupees));
}

export function formatNumber(value: number, locale: string): string {
  return numberFormat(locale).format(value);
}

/** '22 Nov 2026' (en-IN); null when there is no date. */
export function formatDate(iso: string | null | undefined, locale: string): string | null {
  const date = dateOf(iso);
  return date ? dateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'Asia/Kolkata' }).format(date) : null;
}

/** '1 November 2025' (en-IN), '1 नवंबर 2025' (hi-IN); null when there is no date. */
export function formatLongDate(iso: string | null | undefined, locale: string): string | null {
  const date = dateOf(iso);
  return date ? dateTimeFormat(locale, { dateStyle: 'long', timeZone: 'Asia/Kolkata' }).format(date) : null;
}

export function formatDateTime(iso: string | null | undefined, locale: string): string | null {
  const date = dateOf(iso);
  return date
    ? dateTimeFormat(locale, {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: 'Asia/Kolkata',
      }).format(date)
    : null;
}

/**
 * SPEC §2.11: release dates written out, in long US format for English ('January 5, 2025'), in the
 * language's own long format otherwise. A release date is a calendar day: its date part is shown as
 * written, never moved by a time zone. Text that is no date is shown as it is.
 */
export function formatReleaseDate(date: string | null | undefined, locale: string): string {
  if (!date) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  const parsed = match ? new Date(Date.UTC(+match[1], +match[2] - 1, +match[3])) : new Date(date);
  if (Number.isNaN(parsed.getTime())) return date;
  return dateTimeFormat(locale.startsWith('en') ? 'en-US' : locale, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(parsed);
}

/**
 * A running time as the catalogue writes it ('2hr 15min') in the locale's words and digits:
 * '2 hrs 15 mins' (en-IN), '২ ঘণ্টা ১৫ মিনিট' (bn-IN). Text that is no running time is shown as it is.
 */
export function formatRunTime(text: string | null | undefined, locale: string): string {
  if (!text) return '';
  const parts = parseDuration(text);
  if (!parts) return text;
  const unit = (value: number, name: 'hour' | 'minute' | 'second') =>
    numberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'short' }).format(value);
  const words: string[] = [];
  if (parts.hours) words.push(unit(parts.hours, 'hour'));
  if (parts.minutes) words.push(unit(parts.minutes, 'minute'));
  // Seconds only matter for a short piece: a film's running time is whole minutes.
  if (parts.seconds && !parts.hours) words.push(unit(parts.seconds, 'second'));
  return words.join(' ');
}

/** A plan's validity (DECISIONS D17): '3 months', '1 year' (en-IN); '৩ মাস' (bn-IN). */
export function formatPlanPeriod(months: number, locale: string): string {
  const years = months % 12 === 0;
  return numberFormat(locale, {
    style: 'unit',
    unit: years ? 'year' : 'month',
    unitDisplay: 'long',
  }).format(years ? months / 12 : months);
}

/** Device classes (D20) as one phrase: 'Mobile, Website, Tab and Smart TV' from the catalogue's names. */
export function formatDeviceList(
  devices: readonly DeviceClass[],
  nameOf: (device: DeviceClass) => string,
  locale: string,
): string {
  return listFormat(locale, { type: 'conjunction' }).format(devices.map(nameOf));
}
