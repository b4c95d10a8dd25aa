import { lazyPage, preloadWhenIdle } from './lazy-page';

// Every page but home, each loaded when first shown (issue 11: the home page's first load stays small).
// Named exports are picked here so the pages keep their names in the code and the stack traces.

export const About = lazyPage(() => import('../pages/About').then((m) => m.About));
export const Contact = lazyPage(() => import('../pages/Contact').then((m) => m.Contact));
export const PrivacyPolicy = lazyPage(() => import('../pages/PrivacyPolicy').then((m) => m.PrivacyPolicy));
export const Terms = lazyPage(() => import('../pages/Terms').then((m) => m.Terms));
export const RefundPolicy = lazyPage(() => import('../pages/RefundPolicy').then((m) => m.RefundPolicy));
export const NotFound = lazyPage(() => import('../pages/NotFound').then((m) => m.NotFound));

export const Search = lazyPage(() =>
  import(/* webpackChunkName: "page-search" */ '../pages/Search').then((m) => m.Search),
);
export const LanguagePage = lazyPage(() =>
  import(/* webpackChunkName: "page-language" */ '../pages/LanguagePage').then((m) => m.LanguagePage),
);
export const Movies = lazyPage(() =>
  import(/* webpackChunkName: "page-movies" */ '../pages/Movies').then((m) => m.Movies),
);
export const ViewAll = lazyPage(() => import('../pages/ViewAll').then((m) => m.ViewAll));
export const TitlePage = lazyPage(() =>
  import(/* webpackChunkName: "page-title" */ '../pages/TitlePage').then((m) => m.TitlePage),
);
export const CategoryPage = lazyPage(() =>
  import(/* webpackChunkName: "page-category" */ '../pages/CategoryPage').then((m) => m.CategoryPage),
);
export const MyListPage = lazyPage(() => import('../my-list/MyListPage').then((m) => m.MyListPage));
export const HistoryPage = lazyPage(() => import('../history/HistoryPage').then((m) => m.HistoryPage));
export const WhoIsWatchingPage = lazyPage(() =>
  import('../profiles/WhoIsWatchingPage').then((m) => m.WhoIsWatchingPage),
);
export const ManageProfilesPage = lazyPage(() =>
  import('../profiles/ManageProfilesPage').then((m) => m.ManageProfilesPage),
);
export const EpisodePage = lazyPage(() =>
  import(/* webpackChunkName: "page-episode" */ '../pages/EpisodePage').then((m) => m.EpisodePage),
);

export const LoginPage = lazyPage(() => import('../sign-in/LoginPage').then((m) => m.LoginPage));
export const VerifyOtpPage = lazyPage(() => import('../sign-in/VerifyOtpPage').then((m) => m.VerifyOtpPage));
export const DeleteAccountPage = lazyPage(() =>
  import('../sign-in/DeleteAccountPage').then((m) => m.DeleteAccountPage),
);

export const PlansPage = lazyPage(() =>
  import(/* webpackChunkName: "page-plans" */ '../billing/PlansPage').then((m) => m.PlansPage),
);
export const CheckoutPage = lazyPage(() =>
  import(/* webpackChunkName: "page-checkout" */ '../billing/CheckoutPage').then((m) => m.CheckoutPage),
);
export const SuccessPage = lazyPage(() => import('../billing/SuccessPage').then((m) => m.SuccessPage));
export const ProfilePage = lazyPage(() => import('../billing/ProfilePage').then((m) => m.ProfilePage));
export const ReceiptPage = lazyPage(() => import('../billing/ReceiptPage').then((m) => m.ReceiptPage));

/**
 * What a visitor on the home page most likely opens next: a title (a poster) or a category (the
 * header's links), and the plans (Subscribe). Fetched when the browser is idle after the rails show,
 * one at a time; returns what stops the rest.
 */
export function preloadFromHome(): () => void {
  return preloadWhenIdle([TitlePage, CategoryPage, PlansPage]);
}
