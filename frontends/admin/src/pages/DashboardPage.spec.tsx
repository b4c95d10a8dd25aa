/** @jest-environment @chitram/web-testing/jsdom-environment.js */
import type { AdminDashboardAnswer, ViewerFigures } from '@chitram/contracts/web';
import { screen, within } from '@testing-library/react';
import { ApiStandIn, renderPage } from '../testing/render-page';
import { DashboardPage } from './DashboardPage';

// The dashboard's Profiles tile (issue 22): how the accounts are shared, from the users service's part.

function dashboardWith(users: ViewerFigures): ApiStandIn {
  const answer: AdminDashboardAnswer = {
    data: {
      users: { available: true, ...users },
      billing: { available: false },
      catalog: { available: false },
      at: '2026-11-27T10:00:00.000Z',
    },
    success: true,
    message: 'Some figures are unavailable.',
  };
  return new ApiStandIn().on('GET admin/dashboard', () => ({ body: answer }));
}

const viewers = (profiles: ViewerFigures['profiles']): ViewerFigures => ({
  total: 14,
  newThisWeek: 3,
  profiles,
  latestSignUps: [],
});

describe('the dashboard’s Profiles tile', () => {
  it('shows every profile, the mean per account, accounts by their number of profiles and the kids profiles', async () => {
    const api = dashboardWith(
      viewers({
        total: 21,
        accountsByProfiles: [
          { profiles: 1, accounts: 10 },
          { profiles: 2, accounts: 2 },
          { profiles: 5, accounts: 1 },
        ],
        kids: 3,
      }),
    );
    renderPage(<DashboardPage />, { at: '/admin/dashboard', path: '/admin/dashboard', api });
    const tile = within(await screen.findByRole('region', { name: 'Profiles' }));
    expect((await tile.findByText('21')).className).toBe('ad-tile__value');
    expect(tile.getByText('1.6 profiles per account')).toBeTruthy();
    const rows = tile.getAllByRole('term').map((term) => [term.textContent, term.nextSibling?.textContent]);
    expect(rows).toEqual([
      ['Accounts with 1 profile', '10'],
      ['Accounts with 2 profiles', '2'],
      ['Accounts with 5 profiles', '1'],
      ['Kids profiles', '3'],
    ]);
  });

  it('says one profile per account while nobody has added one', async () => {
    const api = dashboardWith(
      viewers({ total: 14, accountsByProfiles: [{ profiles: 1, accounts: 14 }], kids: 0 }),
    );
    renderPage(<DashboardPage />, { at: '/admin/dashboard', path: '/admin/dashboard', api });
    const tile = within(await screen.findByRole('region', { name: 'Profiles' }));
    expect(await tile.findByText('1 profile per account')).toBeTruthy();
    expect(tile.getByText('Kids profiles').nextSibling?.textContent).toBe('0');
  });
});
