import type {
  ActiveSubscription,
  AdminSession,
  ApiProblem,
  HostApi,
  SessionState,
  UserSession,
} from '@chitram/shell-contract';
import ky, { HTTPError } from 'ky';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { create } from 'zustand';
import { ApiStandIn } from './api-stand-in';

// What the shell lends a remote (HostApi), made for a component test: the real ky client talking to the
// test's API stand-in, a session store like the shell's, toasts kept for the test to read.

function sessionStore(user: UserSession | null, admin: AdminSession | null) {
  return create<SessionState>()((set) => ({
    user,
    admin,
    restored: true,
    signInUser: (next) => set({ user: next }),
    signInAdmin: (next) => set({ admin: next }),
    updateSubscription: (activeSubscription: ActiveSubscription | null, isSubscribed: boolean) =>
      set((s) => ({ user: s.user && { ...s.user, activeSubscription, isSubscribed } })),
    logout: () => set({ user: null, admin: null }),
    clearSession: (role) => set(role === 'user' ? { user: null } : { admin: null }),
  }));
}

export interface TestHostOptions {
  api?: ApiStandIn;
  user?: UserSession | null;
  admin?: AdminSession | null;
}

/** A HostApi as the shell builds it, over `api`; with the toasts shown and the session store. */
export function testHost(options: TestHostOptions = {}) {
  const api = options.api ?? new ApiStandIn();
  const toasts: Array<{ message: string; kind?: string }> = [];
  const session = sessionStore(options.user ?? null, options.admin ?? null);
  // As the shell does: an error answer is read once, so problemOf can answer at once.
  const answers = new WeakMap<HTTPError, Record<string, unknown>>();
  const client = ky.create({
    prefixUrl: 'http://chitram.test/api',
    retry: 0,
    fetch: api.fetch,
    hooks: {
      beforeError: [
        async (error) => {
          answers.set(
            error,
            await error.response
              .clone()
              .json()
              .catch(() => ({})),
          );
          return error;
        },
      ],
    },
  });
  const problemOf = (error: unknown, fallback: string): ApiProblem => {
    if (!(error instanceof HTTPError)) return { status: 0, code: 'NETWORK', message: fallback };
    const body = answers.get(error) ?? {};
    return {
      status: error.response.status,
      code: typeof body.code === 'string' ? body.code : 'UNKNOWN',
      message: typeof body.message === 'string' ? body.message : fallback,
      ...(body.fields ? { fields: body.fields as Record<string, string[]> } : {}),
    };
  };
  const host: HostApi = {
    toast: (message, kind) => void toasts.push({ message, kind }),
    api: client,
    problemOf,
    problemMessage: (problem) => problem.message,
    useSession: (selector) => session(selector),
    getSession: () => session.getState(),
    addCatalogue: () => undefined,
    intlLocale: () => 'en-IN',
    answerEarly: (_path, _params, load) => load(),
  };
  return { host, api, toasts, session };
}

/** Where the page's router is now, for the test to read (`screen.getByTestId('location')`). */
function WhereAmI() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

export interface PageAt {
  /** The address the page opens at (path and query), and the route pattern it is mounted on. */
  at: string;
  path: string;
  /** History state it was opened with (what a link or navigate() hands over). */
  state?: unknown;
}

/** A page mounted on its route in a router opened at `at`; other routes render nothing. */
export function PageRouter({ page, at, path, state }: PageAt & { page: ReactElement }) {
  const [pathname, search = ''] = at.split('?');
  return (
    <MemoryRouter initialEntries={[{ pathname, search: search && `?${search}`, state }]}>
      <Routes>
        <Route path={path} element={page} />
        <Route path="*" element={null} />
      </Routes>
      <WhereAmI />
    </MemoryRouter>
  );
}
