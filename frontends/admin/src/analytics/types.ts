// What the analytics route answers (DECISIONS D12), from the contracts library's browser-safe module.
export {
  ANALYTICS_RANGES,
  AnalyticsMessages,
  MAX_ANALYTICS_DAYS,
  NO_PLAN,
  addDays,
  daysBetween,
  indiaDayOf,
  isIndiaDay,
  type AdminAnalytics,
  type AdminAnalyticsAnswer,
  type AnalyticsRangeDays,
  type BillingAnalytics,
  type DailyViewing,
  type DailyBilling,
  type LanguageViewing,
  type PlanOrNone,
  type PlanViewing,
  type SignUpAnalytics,
  type TitleViewing,
  type ViewingAnalytics,
} from '@chitram/contracts/web';
export { LANGUAGES, type Language } from '@chitram/contracts/web';
export { PLANS, PLAN_KEYS, type PlanKey } from '@chitram/contracts/web';
export { formatRupees } from '@chitram/contracts/web';
