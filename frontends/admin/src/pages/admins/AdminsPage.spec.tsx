/** @jest-environment @chitram/web-testing/jsdom-environment.js */
import type { AdminInvitation, AdminTeamMember } from '@chitram/contracts/web';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN, ApiStandIn, renderPage } from '../../testing/render-page';
import { AdminsPage } from './AdminsPage';

const member = (email: string, fields: Partial<AdminTeamMember> = {}): AdminTeamMember => ({
  _id: `id-${email}`,
  email,
  role: 'content',
  status: 'active',
  secondFactor: false,
  createdAt: '2026-11-01T00:00:00.000Z',
  lastLoginAt: null,
  invitationExpiresAt: null,
  ...fields,
});

const OWNER = member(ADMIN.email, { role: 'owner' });
const EDITOR = member('editor@chitram.in', { secondFactor: true });

function team(admins: AdminTeamMember[]) {
  return new ApiStandIn().on('GET admin/admins', () => ({ body: admins }));
}

const rowOf = (email: string) =>
  screen.getAllByRole('row').find((row) => row.firstElementChild?.textContent?.startsWith(email))!;

describe('the Admins page', () => {
  it('lists the admins; the owner’s own row has no actions, the others a role, a reset and a disable', async () => {
    renderPage(<AdminsPage />, { at: '/admin/admins', path: '/admin/admins', api: team([OWNER, EDITOR]) });
    await screen.findByText('editor@chitram.in');
    const own = within(rowOf(ADMIN.email));
    expect(own.getByText('Owner')).toBeTruthy();
    expect(own.queryByRole('button')).toBeNull();
    const editor = within(rowOf('editor@chitram.in'));
    expect(editor.getByLabelText<HTMLSelectElement>('Role of editor@chitram.in').value).toBe('content');
    expect(editor.getByRole('button', { name: 'Reset second factor' })).toBeTruthy();
    expect(editor.getByRole('button', { name: 'Disable' })).toBeTruthy();
  });

  it('invites an admin of a role and shows the one-time link once', async () => {
    const invited = member('new@chitram.in', {
      role: 'finance',
      status: 'invited',
      invitationExpiresAt: '2026-11-30T00:00:00.000Z',
    });
    const admins = [OWNER];
    const invitation: AdminInvitation = {
      admin: invited,
      invitationToken: 'a'.repeat(43),
      expiresAt: '2026-11-30T00:00:00.000Z',
    };
    const api = team(admins).on('POST admin/admins', () => {
      admins.push(invited);
      return { body: invitation };
    });
    renderPage(<AdminsPage />, { at: '/admin/admins', path: '/admin/admins', api });
    await screen.findByText(ADMIN.email);
    const form = within(screen.getByRole('form', { name: 'Invite an admin' }));
    await userEvent.click(form.getByRole('button', { name: 'Invite' }));
    expect(screen.getByRole('alert').textContent).toBe('E-mail is required');
    expect(api.called('POST admin/admins')).toBe(0);

    await userEvent.type(form.getByLabelText('E-mail', { selector: 'input' }), 'new@chitram.in');
    await userEvent.selectOptions(form.getByLabelText('Role', { selector: 'select' }), 'Finance');
    await userEvent.click(form.getByRole('button', { name: 'Invite' }));
    const link = await screen.findByLabelText<HTMLInputElement>('Invitation link');
    expect(link.value).toBe(`${window.location.origin}/admin/invitation#${'a'.repeat(43)}`);
    expect(api.requests.find((r) => r.method === 'POST')?.body).toEqual({
      email: 'new@chitram.in',
      role: 'finance',
    });
    expect(await screen.findByText(/^Invited · link works until/)).toBeTruthy();
  });

  it('says why an invitation is refused, at the e-mail field', async () => {
    const api = team([OWNER]).on('POST admin/admins', {
      status: 409,
      body: { code: 'CONFLICT', message: 'An admin with the e-mail editor@chitram.in exists already.' },
    });
    renderPage(<AdminsPage />, { at: '/admin/admins', path: '/admin/admins', api });
    await screen.findByText(ADMIN.email);
    await userEvent.type(screen.getByLabelText('E-mail', { selector: 'input' }), 'editor@chitram.in');
    await userEvent.click(screen.getByRole('button', { name: 'Invite' }));
    expect((await screen.findByRole('alert')).textContent).toContain('exists already');
    expect(screen.queryByLabelText('Invitation link')).toBeNull();
  });

  it('changes a role at once, and disables an admin after a confirmation', async () => {
    const admins = [OWNER, EDITOR];
    const api = team(admins)
      .on(`PATCH admin/admins/${EDITOR._id}`, () => {
        admins[1] = { ...admins[1], role: 'support' };
        return { body: admins[1] };
      })
      .on(`POST admin/admins/${EDITOR._id}/disable`, () => {
        admins[1] = { ...admins[1], status: 'disabled' };
        return { body: admins[1] };
      });
    const { toasts } = renderPage(<AdminsPage />, { at: '/admin/admins', path: '/admin/admins', api });
    await screen.findByText('editor@chitram.in');
    await userEvent.selectOptions(screen.getByLabelText('Role of editor@chitram.in'), 'Support');
    await waitFor(() => expect(toasts).toContainEqual(expect.objectContaining({ kind: 'success' })));
    expect(api.requests.find((r) => r.method === 'PATCH')?.body).toEqual({ role: 'support' });

    await userEvent.click(within(rowOf('editor@chitram.in')).getByRole('button', { name: 'Disable' }));
    expect(api.called(`POST admin/admins/${EDITOR._id}/disable`)).toBe(0);
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(within(rowOf('editor@chitram.in')).getByText('Disabled')).toBeTruthy());
    expect(within(rowOf('editor@chitram.in')).queryByRole('button')).toBeNull();
  });
});
