import { Route, Routes } from 'react-router';
import type { RemoteAppProps } from '@chitram/shell-contract';
import { HostProvider } from './app/host';
import { AuditPage } from './audit/AuditPage';
import { AccountPage, AdminsPage, InvitationPage } from './pages/admins/lazy';
import { AdminLayout } from './pages/AdminLayout';
import { AdminLogin } from './pages/AdminLogin';
import { AdminNotFound } from './pages/AdminPlaceholder';
import { AreaGate } from './pages/AreaGate';
import { AnalyticsPage, PartnerFormPage, PartnerPage, PartnersPage } from './pages/analytics/lazy';
import { CouponsPage } from './pages/coupons/CouponsPage';
import { DashboardPage } from './pages/DashboardPage';
import { PaymentsPage } from './pages/payments/PaymentsPage';
import { PlansPage } from './pages/plans/PlansPage';
import {
  MovieFormPage,
  MoviesPage,
  SeriesFormPage,
  SeriesListPage,
  ShowFormPage,
  ShowsPage,
} from './pages/catalog/lazy';
import { UsersPage } from './pages/users/UsersPage';
import { ViewerPage } from './pages/users/ViewerPage';
import './styles/admin.css';

/** The admin remote: every /admin route of SPEC §2.2, rendered under the shell's /admin/* route. */
export default function AdminApp({ host }: RemoteAppProps) {
  return (
    <HostProvider host={host}>
      <Routes>
        <Route index element={<AdminLogin />} />
        <Route path="invitation" element={<InvitationPage />} />
        <Route element={<AdminLayout />}>
          {/* Back office (issue 9): SPEC §2.13, DECISIONS D13, D25. Each area for the roles it names (D34). */}
          <Route path="dashboard" element={<DashboardPage />} />
          <Route element={<AreaGate area="viewers" />}>
            <Route path="users" element={<UsersPage />} />
            <Route path="users/:viewerId" element={<ViewerPage key="viewer" />} />
          </Route>
          <Route element={<AreaGate area="audit" />}>
            <Route path="audit" element={<AuditPage />} />
          </Route>
          {/* Analytics and content partners (issue 9): DECISIONS D12. */}
          <Route element={<AreaGate area="finance" />}>
            <Route path="analytics" element={<AnalyticsPage />} />
            <Route path="payments" element={<PaymentsPage />} />
            <Route path="coupons" element={<CouponsPage />} />
            <Route path="plans" element={<PlansPage />} />
          </Route>
          <Route element={<AreaGate area="partners" />}>
            <Route path="vendor" element={<PartnersPage />} />
            <Route path="vendor/new" element={<PartnerFormPage key="new" />} />
            <Route path="vendor/:partnerId" element={<PartnerPage key="partner" />} />
            <Route path="vendor/:partnerId/edit" element={<PartnerFormPage key="edit" />} />
          </Route>
          {/* Catalogue (issue 4): SPEC §2.13, DECISIONS D7, D11. */}
          <Route element={<AreaGate area="catalogue" />}>
            <Route path="movies" element={<MoviesPage />} />
            <Route path="movies/upload" element={<MovieFormPage key="upload" />} />
            <Route path="movies/edit/:movieId" element={<MovieFormPage key="edit" />} />
            <Route path="shows" element={<ShowsPage />} />
            <Route path="shows/upload" element={<ShowFormPage key="upload" />} />
            <Route path="shows/edit/:showId" element={<ShowFormPage key="edit" />} />
            <Route path="series" element={<SeriesListPage />} />
            <Route path="series/upload" element={<SeriesFormPage key="upload" />} />
            <Route path="series/edit/:seriesId" element={<SeriesFormPage key="edit" />} />
          </Route>
          {/* The admins and the admin's own second factor (issue 20): DECISIONS D34. */}
          <Route element={<AreaGate area="admins" />}>
            <Route path="admins" element={<AdminsPage />} />
          </Route>
          <Route path="account" element={<AccountPage />} />
          <Route path="*" element={<AdminNotFound />} />
        </Route>
      </Routes>
    </HostProvider>
  );
}
