import { Route, Routes } from 'react-router';
import type { RemoteAppProps } from '@chitram/shell-contract';
import { HostProvider } from './app/host';
import { AdminLayout } from './pages/AdminLayout';
import { AdminLogin } from './pages/AdminLogin';
import { AdminNotFound, AdminPlaceholder } from './pages/AdminPlaceholder';
import './styles/admin.css';

/** Admin screens of SPEC §2.2/§2.13 not built yet, with what each will hold (paths relative to /admin). */
const UPCOMING: Array<{ path: string; title: string; text: string }> = [
  {
    path: 'dashboard',
    title: 'Dashboard',
    text: 'Viewers, subscribers by plan, revenue and the latest payments and sign-ups.',
  },
  { path: 'movies', title: 'Movies', text: 'Search, page through, edit and delete the movie catalogue.' },
  { path: 'movies/upload', title: 'Upload New Movie', text: 'The movie form with its images and video.' },
  {
    path: 'movies/edit/:movieId',
    title: 'Edit Movie',
    text: 'The movie form, filled in from the catalogue.',
  },
  { path: 'series', title: 'All Series', text: 'Every series with its episodes, to edit or delete.' },
  { path: 'series/upload', title: 'Upload Series', text: 'A series with its episodes in one form.' },
  { path: 'shows', title: 'Shows', text: 'Episodes by title, category, release date, rating and duration.' },
  { path: 'shows/upload', title: 'Upload show', text: 'The episode form with banner and title image.' },
  {
    path: 'analytics',
    title: 'Analytics',
    text: 'Plays, watch time, new viewers, subscriptions and revenue by day.',
  },
  { path: 'vendor', title: 'Vendor', text: 'Content partners, their titles, revenue share and plays.' },
  { path: 'users', title: 'Users', text: 'Search viewers and remove accounts.' },
];

/** The admin remote: every /admin route of SPEC §2.2, rendered under the shell's /admin/* route. */
export default function AdminApp({ host }: RemoteAppProps) {
  return (
    <HostProvider host={host}>
      <Routes>
        <Route index element={<AdminLogin />} />
        <Route element={<AdminLayout />}>
          {UPCOMING.map(({ path, title, text }) => (
            <Route key={path} path={path} element={<AdminPlaceholder title={title} text={text} />} />
          ))}
          <Route path="*" element={<AdminNotFound />} />
        </Route>
      </Routes>
    </HostProvider>
  );
}
