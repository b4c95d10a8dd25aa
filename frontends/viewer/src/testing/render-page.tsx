import type { ActiveSubscription, HostApi, SessionState, UserSession } from '@chitram/shell-contract';
import { ApiStandIn } from '@chitram/web-testing';
import { render } from '@testing-library/react';
import { createInstance } from 'i18next';
import ky from 'ky';
import type { ReactElement } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { create } from 'zustand';
import { HostProvider } from '../app/host';
import { VIEWER_NAMESPACE } from '../i18n/catalogues';
import en from '../i18n/locales/en.json';

// A viewer page as the shell would host it, for component tests: the real ky client, router and
// English words, with the API answered by the test's own routes (the one part that is a stand-in).

export { ApiStandIn };

function sessionStore(user: UserSession | null) {
  return create<SessionState>()((set) => ({
    user,
    admin: null,
    restored: true,
    signInUser: (next) => set({ user: next }),
    signInAdmin: (admin) => set({ admin }),
    updateSubscription: (activeSubscription: ActiveSubscription | null, isSubscribed: boolean) =>
      set((s) => ({ user: s.user && { ...s.user, activeSubscription, isSubscribed } })),
    logout: () => set({ user: null, admin: null }),
    clearSession: (role) => set(role === 'user' ? { user: null } : { admin: null }),
  }));
}

/** Where the page's router is now, shown for the test to read. */
function WhereAmI() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

export interface PageOptions {
  /** The address the page opens at, and the route it is mounted on. */
  at: string;
  path: string;
  /** History state the page was opened with (what a link or navigate() hands over). */
  state?: unknown;
  user?: UserSession | null;
  api?: ApiStandIn;
}

/** Renders a page inside the shell's gifts (host, router, words); answers what a test reads. */
export function renderPage(page: ReactElement, options: PageOptions) {
  const api = options.api ?? new ApiStandIn();
  const toasts: Array<{ message: string; kind?: string }> = [];
  const store = sessionStore(options.user ?? null);
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
  const host: HostApi = {
    toast: (message, kind) => void toasts.push({ message, kind }),
    api: ky.create({ prefixUrl: 'http://chitram.test/api', retry: 0, fetch: api.fetch }),
    // The shell reads the answer's body synchronously from its own cache; a test's pages only need the code.
    problemOf: (error, fallback) => {
      const status = (error as { response?: Response }).response?.status ?? 0;
      return { status, code: status ? 'UNKNOWN' : 'NETWORK', message: fallback };
    },
    problemMessage: (problem) => problem.message,
    useSession: (selector) => store(selector),
    getSession: () => store.getState(),
    addCatalogue: () => undefined,
    intlLocale: () => 'en-IN',
    answerEarly: (_path, _params, load) => load(),
  };
  const view = render(
    <I18nextProvider i18n={i18n}>
      <HostProvider host={host}>
        <MemoryRouter
          initialEntries={[
            {
              pathname: options.at.split('?')[0],
              search: options.at.includes('?') ? `?${options.at.split('?')[1]}` : '',
              state: options.state,
            },
          ]}
        >
          <Routes>
            <Route path={options.path} element={page} />
            <Route path="*" element={null} />
          </Routes>
          <WhereAmI />
        </MemoryRouter>
      </HostProvider>
    </I18nextProvider>,
  );
  return { ...view, api, toasts, session: store };
}
