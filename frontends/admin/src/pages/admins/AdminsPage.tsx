import {
  ADMIN_INVITATION_PATH,
  ADMIN_ROLE_NAMES,
  ADMIN_ROLES,
  type AdminInvitation,
  type AdminRole,
  type AdminTeamMember,
} from '@chitram/contracts/web';
import { type FormEvent, useState } from 'react';
import { useApi } from '../../app/api';
import { useHost } from '../../app/host';
import { useDocumentTitle } from '../../app/use-document-title';
import { formatDateTime } from '../../back-office/display-rules';
import { SelectField, TextField } from '../../components/FormFields';
import { TableFrame } from '../../components/TableTools';
import { useConfirmedAction } from '../../components/use-confirmed-action';
import { useResource } from '../../components/use-resource';

const ADMINS = 'admin/admins';
const roleName = (role: AdminRole) => ADMIN_ROLE_NAMES[role];

const STATUS_NAMES: Record<AdminTeamMember['status'], string> = {
  invited: 'Invited',
  active: 'Active',
  disabled: 'Disabled',
};

/** The invite form: an e-mail and a role; the link comes back once, to pass on. */
function InviteForm({ onInvited }: { onInvited(invitation: AdminInvitation): void }) {
  const { api, problemOf } = useApi();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<AdminRole>('content');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!email.trim()) return setError('E-mail is required');
    setBusy(true);
    try {
      const invitation = await api
        .post(ADMINS, { json: { email: email.trim(), role } })
        .json<AdminInvitation>();
      setEmail('');
      setError('');
      onInvited(invitation);
    } catch (failure) {
      const problem = problemOf(failure);
      setError(problem.fields?.email?.[0] ?? problem.message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="ad-form ad-invite" onSubmit={submit} aria-label="Invite an admin" noValidate>
      <TextField label="E-mail" name="email" required value={email} onChange={setEmail} error={error} />
      <SelectField
        label="Role"
        name="role"
        value={role}
        options={ADMIN_ROLES}
        optionLabel={roleName}
        onChange={setRole}
      />
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? 'Inviting…' : 'Invite'}
      </button>
    </form>
  );
}

/** The one-time link of an invitation, shown once. */
function InvitationLink({ invitation }: { invitation: AdminInvitation }) {
  const link = `${window.location.origin}${ADMIN_INVITATION_PATH}#${invitation.invitationToken}`;
  return (
    <div className="ad-notice" role="status">
      <p>
        Send this link to {invitation.admin.email}. It works once, until{' '}
        {formatDateTime(invitation.expiresAt)}, and is shown only now:
      </p>
      <input className="ad-field__input" readOnly aria-label="Invitation link" value={link} />
    </div>
  );
}

function AdminRow({
  admin,
  isSelf,
  onChanged,
}: {
  admin: AdminTeamMember;
  isSelf: boolean;
  onChanged(): void;
}) {
  const { api, problemOf } = useApi();
  const { toast } = useHost();
  const post = (action: string) => api.post(`${ADMINS}/${admin._id}/${action}`).json<AdminTeamMember>();
  const disable = useConfirmedAction({
    run: async () => {
      await post('disable');
      return { message: `${admin.email} is disabled.` };
    },
    text: `Disable ${admin.email}? Their sessions end at once and they can no longer sign in.`,
    confirmLabel: 'Disable',
    busyLabel: 'Disabling…',
    onDone: onChanged,
  });
  const reset = useConfirmedAction({
    run: async () => {
      await post('second-factor/reset');
      return { message: `${admin.email} will add an authenticator again at the next sign-in.` };
    },
    text: `Reset the second factor of ${admin.email}? Their authenticator and recovery codes stop working.`,
    confirmLabel: 'Reset',
    busyLabel: 'Resetting…',
    onDone: onChanged,
  });

  async function changeRole(role: AdminRole) {
    try {
      await api.patch(`${ADMINS}/${admin._id}`, { json: { role } }).json();
      toast(`${admin.email} is now ${roleName(role)}.`, 'success');
      onChanged();
    } catch (failure) {
      toast(problemOf(failure).message, 'error');
    }
  }

  const editable = !isSelf && admin.status !== 'disabled';
  return (
    <tr>
      <td>
        {admin.email}
        {isSelf && <span className="ad-pill">You</span>}
      </td>
      <td>
        {editable ? (
          <SelectField
            label={`Role of ${admin.email}`}
            name="role"
            value={admin.role}
            options={ADMIN_ROLES}
            optionLabel={roleName}
            onChange={(role) => void changeRole(role)}
          />
        ) : (
          roleName(admin.role)
        )}
      </td>
      <td>
        {STATUS_NAMES[admin.status]}
        {admin.status === 'invited' &&
          (admin.invitationExpiresAt
            ? ` · link works until ${formatDateTime(admin.invitationExpiresAt)}`
            : ' · link expired: invite again for a new one')}
      </td>
      <td>{admin.secondFactor ? 'On' : 'Off'}</td>
      <td>{admin.lastLoginAt ? formatDateTime(admin.lastLoginAt) : 'Never'}</td>
      <td>
        {editable && admin.secondFactor && (
          <button type="button" className="button button--ghost button--small" onClick={reset.ask}>
            Reset second factor
          </button>
        )}
        {editable && (
          <button type="button" className="button button--danger button--small" onClick={disable.ask}>
            Disable
          </button>
        )}
        {disable.dialog}
        {reset.dialog}
      </td>
    </tr>
  );
}

/**
 * /admin/admins (issue 20, DECISIONS D34), for the owner: the admins with their roles; invite with a
 * one-time link, change a role, disable, reset a lost second factor. Every change is in the audit trail.
 */
export function AdminsPage() {
  useDocumentTitle('Admins');
  const { useSession } = useHost();
  const selfEmail = useSession((s) => s.admin?.email ?? '');
  const team = useResource<AdminTeamMember[]>(ADMINS);
  const [invitation, setInvitation] = useState<AdminInvitation | null>(null);
  const admins = team.data ?? [];

  return (
    <section className="ad-page">
      <header className="ad-page__header">
        <h1 className="ad-page__title">Admins</h1>
        <p className="ad-page__subtitle">
          Owner: everything. Content: titles, series, shows, videos, partners. Finance: payments, revenue,
          analytics. Support: viewers.
        </p>
      </header>
      <InviteForm
        onInvited={(made) => {
          setInvitation(made);
          team.reload();
        }}
      />
      {invitation && <InvitationLink invitation={invitation} />}
      <TableFrame
        status={team.status}
        error={team.error}
        empty={admins.length === 0}
        emptyText="No admins yet."
        onRetry={team.reload}
      >
        <table className="ad-table">
          <thead>
            <tr>
              <th scope="col">E-mail</th>
              <th scope="col">Role</th>
              <th scope="col">Status</th>
              <th scope="col">Second factor</th>
              <th scope="col">Last sign-in</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {admins.map((admin) => (
              <AdminRow
                key={admin._id}
                admin={admin}
                isSelf={admin.email === selfEmail}
                onChanged={team.reload}
              />
            ))}
          </tbody>
        </table>
      </TableFrame>
    </section>
  );
}
