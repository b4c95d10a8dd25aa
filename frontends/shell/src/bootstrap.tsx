import { StrictMode, Suspense, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { remoteAt } from './federation/manifest';
import { PageHeading, rememberStaticHeading } from './federation/PageHeading';
import { preloadRemoteApp } from './federation/remotes';
import { followAccountLanguage } from './i18n/account-language';
import { startI18n } from './i18n/i18n';
import { restoreSession } from './session/session-store';
import { dismissFailuresOnSignIn } from './toast/failures-settle';
import './styles/shell.css';

startI18n();
// Intl's number formatting starts up once, the first time anything formats a number (20–50 ms in
// Chromium here, four times that on Lighthouse's phone): in a task of its own while the page's code
// loads, rather than inside the render of the first year, run time or price (issue 19: Total Blocking
// Time). Any locale starts it for all.
setTimeout(() => new Intl.NumberFormat().format(0), 0);
restoreSession();
followAccountLanguage();
dismissFailuresOnSignIn();
// The remote this page shows loads while the shell renders; a failure here is shown (with a Retry) by
// the remote's error boundary, which asks for the manifest again.
preloadRemoteApp(remoteAt(window.location.pathname));

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');
// The heading the page's own bytes drew (libs/web-server/page-heading.mjs), read before React's first
// render removes it: the shell draws it again, in the same place, until the remote's page is there.
const firstHeading = rememberStaticHeading(container, window.location.pathname);
const root = createRoot(container);
// As a transition, which React renders in short tasks: the page's first bytes (the banner's
// placeholder) stay on screen meanwhile, and a phone's main thread is never held for the whole shell
// at once (issue 19: Total Blocking Time).
startTransition(() =>
  root.render(
    <StrictMode>
      {/* A language other than English shows once its words have arrived (a few kilobytes); the
          page's heading, if it opened with one, stays where it was meanwhile. */}
      <Suspense fallback={firstHeading ? <PageHeading heading={firstHeading} inPage /> : null}>
        <App />
      </Suspense>
    </StrictMode>,
  ),
);
