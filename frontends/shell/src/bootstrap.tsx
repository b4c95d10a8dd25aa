import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { remoteAt } from './federation/manifest';
import { preloadRemoteApp } from './federation/remotes';
import { followAccountLanguage } from './i18n/account-language';
import { startI18n } from './i18n/i18n';
import { restoreSession } from './session/session-store';
import { dismissFailuresOnSignIn } from './toast/failures-settle';
import './styles/shell.css';

startI18n();
restoreSession();
followAccountLanguage();
dismissFailuresOnSignIn();
// The remote this page shows loads while the shell renders; a failure here is shown (with a Retry) by
// the remote's error boundary, which asks for the manifest again.
preloadRemoteApp(remoteAt(window.location.pathname));

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');
createRoot(container).render(
  <StrictMode>
    {/* A language other than English shows once its words have arrived (a few kilobytes). */}
    <Suspense fallback={null}>
      <App />
    </Suspense>
  </StrictMode>,
);
