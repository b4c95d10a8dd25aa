import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router';
import { RemoteApp } from '../federation/RemoteApp';
import type { RemoteName } from '../federation/remotes';
import { Guard } from '../guard/Guard';
import { guardRuleFor } from '../guard/guard-rules';
import { Brand } from '../layout/Brand';
import { Footer } from '../layout/Footer';
import { Header } from '../layout/Header';
import { isFooterHidden, isTopNavHidden } from '../layout/header-rules';
import { ScrollToTop } from '../layout/ScrollToTop';
import { ToastArea } from '../toast/ToastArea';
import { hostApi } from './host-api';
import { NavigationBridge } from './navigation';

/** A remote behind the guard its path calls for (SPEC §2.2, §2.3). */
function GuardedRemote({ name }: { name: RemoteName }) {
  const { pathname } = useLocation();
  const rule = guardRuleFor(pathname);
  const remote = <RemoteApp name={name} host={hostApi} />;
  return rule ? <Guard {...rule}>{remote}</Guard> : remote;
}

function Layout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const withNav = !isTopNavHidden(pathname);
  const inAdmin = isFooterHidden(pathname);
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      {withNav && <Header />}
      {/* Checkout and account deletion keep only the logo: no navigation to leave by mistake (SPEC §2.3). */}
      {!withNav && !inAdmin && (
        <div className="bare-bar">
          <Brand />
        </div>
      )}
      <main id="main" className={withNav ? 'app-main' : 'app-main app-main--bare'}>
        {children}
      </main>
      {!inAdmin && <Footer />}
      <ToastArea belowHeader={withNav} />
    </div>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <NavigationBridge />
      <ScrollToTop />
      <Layout>
        <Routes>
          {/* DECISIONS D8: the stray upload path leads into the guarded admin form. */}
          <Route path="/adminupload" element={<Navigate to="/admin/movies/upload" replace />} />
          <Route path="/admin/*" element={<GuardedRemote name="admin" />} />
          <Route path="*" element={<GuardedRemote name="viewer" />} />
        </Routes>
      </Layout>
    </BrowserRouter>
  );
}
