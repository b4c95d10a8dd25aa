import { Route, Routes } from 'react-router';
import type { RemoteAppProps } from '@chitram/shell-contract';
import { HostProvider } from './app/host';
import { AdminLayout } from './pages/AdminLayout';
import { AdminLogin } from './pages/AdminLogin';
import { AdminNotFound, AdminPlaceholder } from './pages/AdminPlaceholder';
import { DashboardPage } from './pages/DashboardPage';
import { MovieFormPage } from './pages/catalog/MovieFormPage';
import { MoviesPage } from './pages/catalog/MoviesPage';
import { SeriesFormPage } from './pages/catalog/SeriesFormPage';
import { SeriesListPage } from './pages/catalog/SeriesListPage';
import { ShowFormPage } from './pages/catalog/ShowFormPage';
import { ShowsPage } from './pages/catalog/ShowsPage';
import { UsersPage } from './pages/users/UsersPage';
import { ViewerPage } from './pages/users/ViewerPage';
import './styles/admin.css';

/** Admin screens of SPEC §2.2/§2.13 not built yet, with what each will hold (paths relative to /admin). */
const UPCOMING: Array<{ path: string; title: string; text: string }> = [
  {
    path: 'analytics',
    title: 'Analytics',
    text: 'Plays, watch time, new viewers, subscriptions and revenue by day.',
  },
  { path: 'vendor', title: 'Vendor', text: 'Content partners, their titles, revenue share and plays.' },
];

/** The admin remote: every /admin route of SPEC §2.2, rendered under the shell's /admin/* route. */
export default function AdminApp({ host }: RemoteAppProps) {
  return (
    <HostProvider host={host}>
      <Routes>
        <Route index element={<AdminLogin />} />
        <Route element={<AdminLayout />}>
          {/* Back office (issue 9): SPEC §2.13, DECISIONS D13, D25. */}
          <Route path="dashboard" element={<DashboardPage />} />
          <Route path="users" element={<UsersPage />} />
          <Route path="users/:viewerId" element={<ViewerPage key="viewer" />} />
          {UPCOMING.map(({ path, title, text }) => (
            <Route key={path} path={path} element={<AdminPlaceholder title={title} text={text} />} />
          ))}
          {/* Catalogue (issue 4): SPEC §2.13, DECISIONS D7, D11. */}
          <Route path="movies" element={<MoviesPage />} />
          <Route path="movies/upload" element={<MovieFormPage key="upload" />} />
          <Route path="movies/edit/:movieId" element={<MovieFormPage key="edit" />} />
          <Route path="shows" element={<ShowsPage />} />
          <Route path="shows/upload" element={<ShowFormPage key="upload" />} />
          <Route path="shows/edit/:showId" element={<ShowFormPage key="edit" />} />
          <Route path="series" element={<SeriesListPage />} />
          <Route path="series/upload" element={<SeriesFormPage key="upload" />} />
          <Route path="series/edit/:seriesId" element={<SeriesFormPage key="edit" />} />
          <Route path="*" element={<AdminNotFound />} />
        </Route>
      </Routes>
    </HostProvider>
  );
}
