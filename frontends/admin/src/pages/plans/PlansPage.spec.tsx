/** @jest-environment @chitram/web-testing/jsdom-environment.js */
import type { AdminPlanView } from '@chitram/contracts/web';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { termsVersion } from '../../plans/plan-fixtures';
import { ApiStandIn, renderPage } from '../../testing/render-page';
import { PlansPage } from './PlansPage';

// /admin/plans (D43): finance sees each plan's terms and scheduled changes, and changes a plan's terms.

const SCHEDULED = termsVersion({
  _id: 'v-gold-next',
  effectiveFrom: '2099-12-31T18:30:00.000Z',
  amount: 134900,
  validityMonths: 12,
  devices: ['mobile', 'website', 'tab', 'tv'],
  maxResolution: 2160,
  maxStreams: 4,
});
const PLANS: AdminPlanView[] = [
  { planKey: 'basic', plan: 'Basic Plan', current: termsVersion({}), scheduled: [] },
  {
    planKey: 'gold',
    plan: 'Gold Plan',
    current: termsVersion({
      ...SCHEDULED,
      _id: 'v-gold',
      amount: 120000,
      effectiveFrom: '1970-01-01T00:00:00.000Z',
    }),
    scheduled: [SCHEDULED],
  },
];

const openPlans = (api = new ApiStandIn().on('GET admin/plans', { body: PLANS })) =>
  renderPage(<PlansPage />, { at: '/admin/plans', path: '/admin/plans', api });
const rowOf = (name: string) => screen.findByRole('row', { name: new RegExp(`^${name}`) });
const input = (label: string) => screen.getByLabelText<HTMLInputElement>(label, { selector: 'input' });

describe('the plans page (D43)', () => {
  it('lists each plan’s terms now and its scheduled change, and cancels one', async () => {
    const api = new ApiStandIn()
      .on('GET admin/plans', { body: PLANS })
      .on('DELETE admin/plans/gold/changes/v-gold-next', { body: { ...PLANS[1], scheduled: [] } });
    const { toasts } = openPlans(api);
    expect((await rowOf('Basic Plan')).textContent).toContain('₹99.00 · 3 months · Mobile · 720p · 1 screen');
    const gold = within(await rowOf('Gold Plan'));
    expect(gold.getByText(/^From 1 Jan 2100/).textContent).toContain(
      '₹1,349.00 · 12 months · Mobile, Website, Tablet, Smart TV · 2160p · 4 screens',
    );
    await userEvent.click(gold.getByRole('button', { name: 'Cancel change' }));
    await waitFor(() => expect(api.called('DELETE admin/plans/gold/changes/v-gold-next')).toBe(1));
    expect(toasts).toContainEqual(expect.objectContaining({ kind: 'success' }));
  });

  it('starts from the chosen plan’s terms, checks the form, and schedules a change from a day', async () => {
    const api = new ApiStandIn()
      .on('GET admin/plans', { body: PLANS })
      .on('POST admin/plans/basic/changes', { body: PLANS[0] });
    openPlans(api);
    await rowOf('Gold Plan');
    await waitFor(() => expect(input('Price (₹)').value).toBe('99'));

    await userEvent.clear(input('Price (₹)'));
    await userEvent.type(input('Price (₹)'), '0');
    await userEvent.click(screen.getByRole('button', { name: 'Apply now' }));
    expect(await screen.findByText('Use rupees above 0, with at most two decimals')).toBeTruthy();
    expect(api.called('POST admin/plans/basic/changes')).toBe(0);

    await userEvent.clear(input('Price (₹)'));
    await userEvent.type(input('Price (₹)'), '149.50');
    await userEvent.selectOptions(
      screen.getByLabelText('Takes effect', { selector: 'select' }),
      'From a day',
    );
    fireEvent.change(input('From'), { target: { value: '2099-12-01' } });
    await userEvent.click(screen.getByRole('button', { name: 'Schedule change' }));
    await waitFor(() => expect(api.called('POST admin/plans/basic/changes')).toBe(1));
    expect(api.requests.find((r) => r.method === 'POST')?.body).toEqual({
      price: '149.50',
      validityMonths: 3,
      devices: ['mobile'],
      maxResolution: 720,
      maxStreams: 1,
      effectiveFrom: '2099-11-30T18:30:00.000Z',
    });
  });
});
