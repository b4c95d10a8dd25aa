import { Injectable } from '@nestjs/common';
import {
  DomainError,
  ErrorCode,
  type AcceptInvitationRequest,
  type AdminActor,
  type AdminInvitation,
  type AdminRole,
  type AdminTeamMember,
  type AuditAction,
  type FieldChange,
  type InviteAdminRequest,
} from '@chitram/contracts';
import { isEmail } from 'class-validator';
import type { EntityManager } from 'typeorm';
import { AuditEntries } from '../audit/audit-entries.repository';
import { AuthConfig } from '../config';
import { SessionsService } from '../sessions/sessions.service';
import type { AdminAccount } from './admin-account.entity';
import { AdminAccountsRepository } from './admin-accounts.repository';
import { adminAccountProblem } from './admin-accounts.service';
import { AdminTickets } from './admin-tickets';
import { hashPassword, normaliseEmail } from './password';

const invitationInvalid = () =>
  new DomainError(
    ErrorCode.INVITATION_INVALID,
    'This invitation link has been used or has expired. Please ask the owner for a new one.',
  );

/**
 * The admins as the owner manages them (issue 20, DECISIONS D34): invite with a one-time link, change a
 * role, disable, reset a lost second factor. Every change is filed in the audit trail in its own
 * transaction; a change of role or a disabling ends the admin's sessions at once. The owner cannot demote
 * or disable themselves, so there is always an owner.
 */
@Injectable()
export class AdminTeamService {
  constructor(
    private readonly accounts: AdminAccountsRepository,
    private readonly tickets: AdminTickets,
    private readonly sessions: SessionsService,
    private readonly entries: AuditEntries,
    private readonly config: AuthConfig,
  ) {}

  async list(): Promise<AdminTeamMember[]> {
    const [accounts, expiries] = await Promise.all([
      this.accounts.all(),
      this.accounts.transaction((manager) => this.tickets.invitationExpiries(manager)),
    ]);
    return accounts.map((account) => member(account, expiries.get(account.id) ?? null));
  }

  /** A new admin with no password yet, and the link's secret (shown to the owner once). Re-inviting an invited admin gives a new link. */
  async invite({ actor, email: typed, role }: InviteAdminRequest): Promise<AdminInvitation> {
    const email = normaliseEmail(typed);
    if (!isEmail(email))
      throw new DomainError(ErrorCode.VALIDATION_FAILED, 'Please enter a valid e-mail address.', {
        email: ['email must be an e-mail address'],
      });
    return this.accounts.transaction(async (manager) => {
      let account = await this.accounts.holdByEmail(manager, email);
      if (account && account.status !== 'invited')
        throw new DomainError(ErrorCode.CONFLICT, `An admin with the e-mail ${email} exists already.`);
      const before = account?.role ?? null;
      if (account) await this.accounts.update(manager, account.id, { role });
      else account = await this.accounts.insertInvited(manager, email, role);
      account.role = role;
      const ticket = await this.tickets.issue(
        manager,
        account.id,
        'invitation',
        this.config.ADMIN_INVITATION_TTL_HOURS * 3600,
      );
      await this.record(manager, actor, 'invited', account, [{ field: 'role', before, after: role }]);
      return {
        admin: member(account, ticket.expiresAt),
        invitationToken: ticket.token,
        expiresAt: ticket.expiresAt.toISOString(),
      };
    });
  }

  /** The invitee sets their password through the link: it works once, until it expires. */
  async acceptInvitation({ token, password, clientIp }: AcceptInvitationRequest): Promise<void> {
    await this.accounts.transaction(async (manager) => {
      const ticket = await this.tickets.holdLive(manager, token, 'invitation');
      if (!ticket) throw invitationInvalid();
      const account = await this.accounts.find(manager, ticket.adminId);
      if (!account || account.status !== 'invited') throw invitationInvalid();
      const problem = adminAccountProblem(account.email, password);
      if (problem)
        throw new DomainError(ErrorCode.VALIDATION_FAILED, `Cannot set the password: ${problem}.`, {
          password: [problem],
        });
      await this.accounts.update(manager, account.id, {
        passwordHash: await hashPassword(password),
        status: 'active',
      });
      await this.tickets.spend(manager, ticket);
      await this.record(manager, { adminId: account.id, address: clientIp }, 'invitation-accepted', account, [
        { field: 'status', before: 'invited', after: 'active' },
      ]);
    });
  }

  /** A new role, in force at once: the admin's sessions end, and the next sign-in carries it. */
  changeRole(actor: AdminActor, adminId: string, role: AdminRole): Promise<AdminTeamMember> {
    return this.change(actor, adminId, 'change your own role', async (manager, account) => {
      if (account.role === role) return null;
      await this.accounts.update(manager, account.id, { role });
      await this.sessions.revokeSubject(account.id, 'admin role changed', manager);
      const change = { field: 'role', before: account.role, after: role };
      account.role = role;
      return { action: 'role-changed', changes: [change] };
    });
  }

  /** Disabled: sign-in refused, every session ended at once, open links and sign-in steps void. */
  disable(actor: AdminActor, adminId: string): Promise<AdminTeamMember> {
    return this.change(actor, adminId, 'disable yourself', async (manager, account) => {
      if (account.status === 'disabled') return null;
      const change = { field: 'status', before: account.status, after: 'disabled' };
      await this.accounts.update(manager, account.id, { status: 'disabled', disabledAt: new Date() });
      await this.sessions.revokeSubject(account.id, 'admin disabled', manager);
      await this.tickets.voidAll(manager, account.id);
      account.status = 'disabled';
      return { action: 'disabled', changes: [change] };
    });
  }

  /** A lost authenticator: it and its recovery codes are removed; the admin enrols again at the next sign-in. */
  resetSecondFactor(actor: AdminActor, adminId: string): Promise<AdminTeamMember> {
    return this.change(actor, adminId, 'reset your own second factor', async (manager, account) => {
      if (!account.totpSecret && !account.totpPendingSecret) return null;
      await this.accounts.update(manager, account.id, {
        totpSecret: null,
        totpPendingSecret: null,
        totpLastStep: null,
      });
      await this.accounts.deleteRecoveryCodes(manager, account.id);
      await this.tickets.voidAll(manager, account.id);
      account.totpSecret = null;
      return {
        action: 'second-factor-reset',
        changes: [{ field: 'secondFactor', before: true, after: false }],
      };
    });
  }

  /**
   * One change by the owner to another admin, with its audit entry, in one transaction. `apply` answers
   * null when nothing changes (then nothing is filed).
   */
  private async change(
    actor: AdminActor,
    adminId: string,
    notToSelf: string,
    apply: (
      manager: EntityManager,
      account: AdminAccount,
    ) => Promise<{ action: AuditAction; changes: FieldChange[] } | null>,
  ): Promise<AdminTeamMember> {
    if (actor.adminId === adminId)
      throw new DomainError(ErrorCode.CONFLICT, `You cannot ${notToSelf}: another owner can.`);
    return this.accounts.transaction(async (manager) => {
      const account = await this.accounts.hold(manager, adminId);
      if (!account) throw new DomainError(ErrorCode.NOT_FOUND, 'No such admin.');
      const done = await apply(manager, account);
      if (done) await this.record(manager, actor, done.action, account, done.changes);
      return member(account, null);
    });
  }

  private async record(
    manager: EntityManager,
    actor: Pick<AdminActor, 'adminId' | 'address'>,
    action: AuditAction,
    account: AdminAccount,
    changes: FieldChange[],
  ): Promise<void> {
    await this.entries.add(manager, {
      adminId: actor.adminId,
      adminEmail: await this.entries.adminEmail(manager, actor.adminId),
      action,
      entityType: 'admin',
      entityId: account.id,
      entityLabel: account.email,
      changes,
      address: actor.address ?? null,
    });
  }
}

function member(account: AdminAccount, invitationExpiresAt: Date | null): AdminTeamMember {
  return {
    _id: account.id,
    email: account.email,
    role: account.role,
    status: account.status,
    secondFactor: account.totpSecret !== null,
    createdAt: new Date(account.createdAt).toISOString(),
    lastLoginAt: account.lastLoginAt ? new Date(account.lastLoginAt).toISOString() : null,
    invitationExpiresAt: invitationExpiresAt?.toISOString() ?? null,
  };
}
