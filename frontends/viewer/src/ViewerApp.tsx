import { Route, Routes } from 'react-router';
import type { RemoteAppProps } from '@chitram/shell-contract';
import { HostProvider } from './app/host';
import { About } from './pages/About';
import { ComingSoon } from './pages/ComingSoon';
import { Contact } from './pages/Contact';
import { Home } from './pages/Home';
import { LanguagePage } from './pages/LanguagePage';
import { NotFound } from './pages/NotFound';
import { PrivacyPolicy } from './pages/PrivacyPolicy';
import { RefundPolicy } from './pages/RefundPolicy';
import { Search } from './pages/Search';
import { Terms } from './pages/Terms';
import './styles/viewer.css';

/** Screens of SPEC §2.1 that are not built yet, with what each will offer. */
const UPCOMING: Array<{ path: string; title: string; text: string }> = [
  {
    path: '/movies',
    title: 'Movies',
    text: 'Every film on Chitram, across all eight languages, will be listed here.',
  },
  {
    path: '/political',
    title: 'Political Series',
    text: 'Series on the people and debates shaping India are on their way.',
  },
  {
    path: '/health',
    title: 'Health and Fitness',
    text: 'Programmes on fitness, nutrition and well-being are on their way.',
  },
  {
    path: '/education',
    title: 'Educational Series',
    text: 'Short, clear lessons in your language are on their way.',
  },
  {
    path: '/subscribe',
    title: 'Plans',
    text: 'Plans from ₹99 for three months, with no auto-renewal, open here soon.',
  },
  { path: '/checkout', title: 'Checkout', text: 'Secure payment for your plan opens here soon.' },
  { path: '/success-payment', title: 'Payment', text: 'Your payment confirmation will appear here.' },
  {
    path: '/login',
    title: 'Login',
    text: 'Sign-in with your mobile number and a one-time code opens here soon.',
  },
  {
    path: '/verify-otp',
    title: 'Verify your number',
    text: 'Sign-in with your mobile number and a one-time code opens here soon.',
  },
  {
    path: '/profile',
    title: 'Your profile',
    text: 'Your plan, its validity and your payment history will appear here.',
  },
  { path: '/delete-user', title: 'Delete your account', text: 'Account deletion opens here soon.' },
  {
    path: '/movie/:slug/play',
    title: 'Now playing',
    text: 'The player opens here once the catalogue is live.',
  },
];

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
        {UPCOMING.map(({ path, title, text }) => (
          <Route key={path} path={path.slice(1)} element={<ComingSoon title={title} text={text} />} />
        ))}
        <Route path="*" element={<NotFound />} />
      </Routes>
    </HostProvider>
  );
}
