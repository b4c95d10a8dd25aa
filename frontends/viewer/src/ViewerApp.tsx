import { Route, Routes } from 'react-router';
import type { RemoteAppProps } from '@chitram/shell-contract';
import { HostProvider } from './app/host';
import { CheckoutPage } from './billing/CheckoutPage';
import { PlansPage } from './billing/PlansPage';
import { ProfilePage } from './billing/ProfilePage';
import { ReceiptPage } from './billing/ReceiptPage';
import { SuccessPage } from './billing/SuccessPage';
import { About } from './pages/About';
import { Contact } from './pages/Contact';
import { Home } from './pages/Home';
import { LanguagePage } from './pages/LanguagePage';
import { NotFound } from './pages/NotFound';
import { PrivacyPolicy } from './pages/PrivacyPolicy';
import { RefundPolicy } from './pages/RefundPolicy';
import { Search } from './pages/Search';
import { Terms } from './pages/Terms';
import { CATEGORIES } from './catalog/catalog-lists';
import { CategoryPage } from './pages/CategoryPage';
import { Movies } from './pages/Movies';
import { TitlePage } from './pages/TitlePage';
import { ViewAll } from './pages/ViewAll';
import { DeleteAccountPage } from './sign-in/DeleteAccountPage';
import { LoginPage } from './sign-in/LoginPage';
import { VerifyOtpPage } from './sign-in/VerifyOtpPage';
import './styles/viewer.css';

/** The viewer remote: every public and viewer route of SPEC §2.1 (ARCHITECTURE, frontends/viewer). */
export default function ViewerApp({ host }: RemoteAppProps) {
  return (
    <HostProvider host={host}>
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
        <Route path="movie/:slug/play" element={<TitlePage />} />
        {/* A known group only (ViewAll shows the 404 for anything else); static paths above win. */}
        <Route path=":group" element={<ViewAll />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </HostProvider>
  );
}
