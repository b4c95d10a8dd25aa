import type { UserSession } from '@chitram/shell-contract';
import { ApiStandIn, PageRouter, testHost, type PageAt } from '@chitram/web-testing';
import { render } from '@testing-library/react';
import { createInstance } from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { HostProvider } from '../app/host';
import { VIEWER_NAMESPACE } from '../i18n/catalogues';
import en from '../i18n/locales/en.json';

// A viewer page as the shell would host it, for component tests: the real ky client, router and
// English words, with the API answered by the test's own routes (the one part that is a stand-in).

export { ApiStandIn };

/** Renders a page inside the shell's gifts (host, router, words); answers what a test reads. */
export function renderPage(
  page: ReactElement,
  options: PageAt & { user?: UserSession | null; api?: ApiStandIn },
) {
  const { host, api, toasts, session } = testHost(options);
  const i18n = createInstance();
  void i18n.use(initReactI18next).init({
    lng: 'en',
    ns: [VIEWER_NAMESPACE],
    defaultNS: VIEWER_NAMESPACE,
    resources: { en: { [VIEWER_NAMESPACE]: en } },
    initAsync: false,
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
  const view = render(
    <I18nextProvider i18n={i18n}>
      <HostProvider host={host}>
        <PageRouter page={page} at={options.at} path={options.path} state={options.state} />
      </HostProvider>
    </I18nextProvider>,
  );
  return { ...view, api, toasts, session };
}
