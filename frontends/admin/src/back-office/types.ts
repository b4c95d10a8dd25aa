// What the back office's dashboard and viewer routes answer (DECISIONS D13, D25), from the contracts
// library's browser-safe modules.
export {
  BackOfficeMessages,
  type ActiveStream,
  type AdminDashboardAnswer,
  type AdminViewerActivity,
  type AdminViewerActionDone,
  type AdminViewerDetails,
  type AdminViewerPage,
  type AdminViewerRow,
  type BillingFigures,
  type CatalogueFigures,
  type DashboardViewing,
  type LatestPayment,
  type ListedViewer,
  type ProfileFigures,
  type RevealedPhoneNumber,
  type ServicePart,
  type SignedInSession,
  type SubscriptionChangeKind,
  type SubscriptionPeriodView,
  type ViewerBillingHistory,
  type ViewerFigures,
  type ViewerPlan,
  type ViewingTotals,
  type WatchHistoryEntry,
} from '@chitram/contracts/web';
export { formatRupees, type PaymentView } from '@chitram/contracts/web';
