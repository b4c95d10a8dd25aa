import type { AdminSession } from '@chitram/shell-contract';
import { ApiStandIn, PageRouter, testHost, type PageAt } from '@chitram/web-testing';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { HostProvider } from '../app/host';

// An admin page as the shell would host it, for component tests: the real ky client and router, the
// API answered by the test's own routes (the one part that is a stand-in).

export { ApiStandIn };

export const ADMIN: AdminSession = { token: 'admin-token', role: 'admin', email: 'ops@chitram.in' };

/** Renders a page with an admin signed in; answers what a test reads. */
export function renderPage(page: ReactElement, options: PageAt & { api?: ApiStandIn }) {
  const { host, api, toasts, session } = testHost({ ...options, admin: ADMIN });
  const view = render(
    <HostProvider host={host}>
      <PageRouter page={page} at={options.at} path={options.path} state={options.state} />
    </HostProvider>,
  );
  return { ...view, api, toasts, session };
}
