import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import type { RemoteAppProps } from '@chitram/shell-contract';
import { HostProvider } from './app/host';
import {
  About,
  CategoryPage,
  CheckoutPage,
  Contact,
  DeleteAccountPage,
  EpisodePage,
  LanguagePage,
  LoginPage,
  ManageProfilesPage,
  Movies,
  MyListPage,
  HistoryPage,
  NotFound,
  PlansPage,
  PrivacyPolicy,
  ProfilePage,
  ReceiptPage,
  RefundPolicy,
  Search,
  SuccessPage,
  Terms,
  TitlePage,
  VerifyOtpPage,
  ViewAll,
  WhoIsWatchingPage,
} from './app/pages';
import { CATEGORIES } from './catalog/catalog-lists';
import { LoadingLine } from './components/LoadStatus';
import { loadViewerCatalogue, VIEWER_NAMESPACE } from './i18n/catalogues';
import englishCatalogue from './i18n/locales/en.json';
import { Home } from './pages/Home';
import './styles/viewer.css';

/** The viewer remote: every public and viewer route of SPEC §2.1 (ARCHITECTURE, frontends/viewer). */
export default function ViewerApp({ host }: RemoteAppProps) {
  // The viewer's words join the site's one i18next instance before anything here asks for them (once).
  host.addCatalogue(VIEWER_NAMESPACE, loadViewerCatalogue, englishCatalogue);
  return (
    <HostProvider host={host}>
      {/* Home is in this chunk; every other page loads when first shown (app/pages.ts). */}
      <Suspense fallback={<LoadingLine />}>
        <Routes>
          <Route index element={<Home />} />
          <Route path="about" element={<About />} />
          <Route path="privacypolicy" element={<PrivacyPolicy />} />
          <Route path="tnc" element={<Terms />} />
          <Route path="refund-and-cancellation" element={<RefundPolicy />} />
          <Route path="contact" element={<Contact />} />
          <Route path="search" element={<Search />} />
          <Route path="languages/:language" element={<LanguagePage />} />
          {/* Sign-in (issue 3): SPEC §2.7, §2.10, DECISIONS D9. */}
          <Route path="login" element={<LoginPage />} />
          <Route path="verify-otp" element={<VerifyOtpPage />} />
          <Route path="delete-user" element={<DeleteAccountPage />} />
          {/* Plans and payment (issue 7): SPEC §2.8, §2.9, §4.4; DECISIONS D14, D16–D19. */}
          <Route path="subscribe" element={<PlansPage />} />
          <Route path="checkout" element={<CheckoutPage />} />
          <Route path="success-payment" element={<SuccessPage />} />
          <Route path="profile" element={<ProfilePage />} />
          <Route path="profile/receipts/:receiptId" element={<ReceiptPage />} />
          {/* Catalogue (issue 4): SPEC §2.1, §2.11, DECISIONS D10. */}
          <Route path="movies" element={<Movies />} />
          {CATEGORIES.map((category) => (
            <Route key={category} path={category} element={<CategoryPage category={category} />} />
          ))}
          {/* An episode's own page, where it plays (issue 11). */}
          {CATEGORIES.map((category) => (
            <Route
              key={`${category}-episode`}
              path={`${category}/episode/:episodeId`}
              element={<EpisodePage category={category} />}
            />
          ))}
          <Route path="movie/:slug/play" element={<TitlePage />} />
          {/* My List (issue 22); /watchlist is the name some viewers type. */}
          <Route path="my-list" element={<MyListPage />} />
          <Route path="watchlist" element={<Navigate to="/my-list" replace />} />
          <Route path="history" element={<HistoryPage />} />
          {/* Profiles (issue 22, D37): who is watching, and managing them. */}
          <Route path="profiles" element={<WhoIsWatchingPage />} />
          <Route path="profiles/manage" element={<ManageProfilesPage />} />
          {/* A known group only (ViewAll shows the 404 for anything else); static paths above win. */}
          <Route path=":group" element={<ViewAll />} />
          <Route path="*" element={<NotFound />} />
        </Routes>
      </Suspense>
    </HostProvider>
  );
}
