import { randomUUID } from 'node:crypto';
import { ErrorCode, Subjects, type AdminLoginReply, type AdminSession } from '@chitram/contracts';
import {
  AccessTokenVerifier,
  connectNats,
  DEFAULT_JWT_AUDIENCE,
  DEFAULT_JWT_ISSUER,
  RpcClient,
} from '@chitram/nest-kit';
import {
  isolatedEnv,
  startTestService,
  testInfrastructure,
  type TestService,
  testSigningKeys,
  uniqueName,
} from '@chitram/test-helpers';
import type { NatsConnection } from 'nats';
import { generate } from 'otplib';
import { DEMO_ADMIN } from '../config';
import { authService } from '../service';

const keys = testSigningKeys();
const PASSWORD = 'a long enough password';
let nextHost = 1;
const freshAddress = () => `203.0.113.${nextHost++}`;

/** The authenticator app: the code of the time step after the one just used (a code is never taken twice). */
const codeOf = (secret: string, stepsAhead = 1) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * stepsAhead });

describe('admins as the owner manages them, and their second factor (issue 20)', () => {
  const isolation = isolatedEnv();
  const database = uniqueName('test_auth_team');
  let auth: TestService;
  let nats: NatsConnection;
  let rpc: RpcClient;
  let owner: { adminId: string; sessionId: string; address: string };
  const verifier = new AccessTokenVerifier(keys.publicKey, {
    issuer: DEFAULT_JWT_ISSUER,
    audience: DEFAULT_JWT_AUDIENCE,
  });

  const login = (email: string, password = PASSWORD): Promise<AdminLoginReply> =>
    rpc.call(Subjects.auth.adminLogin, { email, password, clientIp: freshAddress() });
  const secondStep = (challenge: string, proof: { code?: string; recoveryCode?: string }) =>
    rpc.call(Subjects.auth.secondFactor.complete, { challenge, ...proof, clientIp: freshAddress() });
  const challengeOf = (reply: AdminLoginReply, kind: 'code' | 'enrol') => {
    expect(reply).toMatchObject({ secondFactor: kind, challenge: expect.any(String) });
    if (!('challenge' in reply)) throw new Error('a second step was expected');
    return reply.challenge;
  };
  const trail = (adminId: string): Promise<Array<{ action: string; admin_email: string | null }>> =>
    auth.dataSource.query(
      `SELECT "action", "admin_email" FROM "audit_entry" WHERE "entity_id" = $1 ORDER BY "occurred_at", "id"`,
      [adminId],
    );

  /** Invites an admin of a role, who sets their password through the link; answers their id. */
  const inviteAndAccept = async (email: string, role: 'content' | 'finance' | 'support') => {
    const invitation = await rpc.call(Subjects.auth.admins.invite, { actor: owner, email, role });
    await rpc.call(Subjects.auth.admins.acceptInvitation, {
      token: invitation.invitationToken,
      password: PASSWORD,
      clientIp: freshAddress(),
    });
    return invitation.admin._id;
  };

  /** Signs in where a second factor is required and none is enrolled yet: enrols one. */
  const enrolAtFirstSignIn = async (email: string) => {
    const challenge = challengeOf(await login(email), 'enrol');
    const { secret, otpauthUrl } = await rpc.call(Subjects.auth.secondFactor.enrolAtSignIn, { challenge });
    expect(otpauthUrl).toMatch(
      new RegExp(`^otpauth://totp/.*${encodeURIComponent(email)}.*secret=${secret}`),
    );
    const session = await secondStep(challenge, { code: await codeOf(secret, 0) });
    return { secret, session };
  };

  beforeAll(async () => {
    auth = await startTestService(authService, {
      database,
      env: { ...isolation.env, JWT_PRIVATE_KEY: keys.privatePem, ADMIN_TOTP_REQUIRED: 'on' },
    });
    nats = await connectNats(testInfrastructure().NATS_URL, 'admin-team-test');
    rpc = new RpcClient(nats, 5000);
    const [first]: Array<{ id: string }> = await auth.dataSource.query(
      `SELECT "id" FROM "admin_account" WHERE "email" = $1`,
      [DEMO_ADMIN.email],
    );
    owner = { adminId: first.id, sessionId: randomUUID(), address: '198.51.100.7' };
  });

  afterAll(async () => {
    await nats?.close();
    await auth?.destroy();
    await isolation.cleanUp();
  });

  describe('roles and invitations', () => {
    it('makes the first admin from configuration an owner', async () => {
      const team = await rpc.call(Subjects.auth.admins.list, {});
      expect(team).toEqual([
        expect.objectContaining({ email: DEMO_ADMIN.email, role: 'owner', status: 'active' }),
      ]);
    });

    it('invites with a link that works once: the invitee sets a password and signs in with their role', async () => {
      const invitation = await rpc.call(Subjects.auth.admins.invite, {
        actor: owner,
        email: 'Editor@Chitram.in',
        role: 'content',
      });
      expect(invitation.admin).toMatchObject({
        email: 'editor@chitram.in',
        role: 'content',
        status: 'invited',
      });
      // Invited, no password yet: no sign-in.
      await expect(login('editor@chitram.in')).rejects.toMatchObject({ code: ErrorCode.INVALID_CREDENTIALS });
      const accept = (password = PASSWORD) =>
        rpc.call(Subjects.auth.admins.acceptInvitation, {
          token: invitation.invitationToken,
          password,
          clientIp: freshAddress(),
        });
      await expect(accept('short')).rejects.toMatchObject({ code: ErrorCode.VALIDATION_FAILED });
      await expect(accept()).resolves.toEqual({ success: true });
      await expect(accept('another long password')).rejects.toMatchObject({
        code: ErrorCode.INVITATION_INVALID,
      });
      const { session } = await enrolAtFirstSignIn('editor@chitram.in');
      expect(session).toMatchObject({ adminRole: 'content', secondFactor: true });
      expect(await verifier.verify(session.token)).toMatchObject({ role: 'admin', adminRole: 'content' });
      // The first sign-in's enrolment and sign-in share a transaction (and a time): compared as a set.
      expect((await trail(invitation.admin._id)).map((e) => e.action).sort()).toEqual(
        ['invited', 'sign-in-failed', 'invitation-accepted', 'second-factor-enrolled', 'signed-in'].sort(),
      );
    });

    it('refuses an invitation link once it has expired', async () => {
      const invitation = await rpc.call(Subjects.auth.admins.invite, {
        actor: owner,
        email: 'late@chitram.in',
        role: 'finance',
      });
      await auth.dataSource.query(
        `UPDATE "admin_ticket" SET "expires_at" = now() - interval '1 second' WHERE "admin_id" = $1`,
        [invitation.admin._id],
      );
      await expect(
        rpc.call(Subjects.auth.admins.acceptInvitation, {
          token: invitation.invitationToken,
          password: PASSWORD,
          clientIp: freshAddress(),
        }),
      ).rejects.toMatchObject({ code: ErrorCode.INVITATION_INVALID });
    });

    it('refuses to invite an e-mail an admin has', async () => {
      await expect(
        rpc.call(Subjects.auth.admins.invite, { actor: owner, email: DEMO_ADMIN.email, role: 'support' }),
      ).rejects.toMatchObject({ code: ErrorCode.CONFLICT });
    });

    it('ends the sessions of a disabled admin at once, and refuses their sign-in', async () => {
      const adminId = await inviteAndAccept('leaving@chitram.in', 'support');
      const { session } = await enrolAtFirstSignIn('leaving@chitram.in');
      const disabled = await rpc.call(Subjects.auth.admins.disable, { actor: owner, adminId });
      expect(disabled).toMatchObject({ status: 'disabled' });
      await expect(
        rpc.call(Subjects.auth.refresh, { refreshToken: session.refreshToken }),
      ).rejects.toMatchObject({ code: ErrorCode.TOKEN_REVOKED });
      await expect(login('leaving@chitram.in')).rejects.toMatchObject({ code: ErrorCode.ACCOUNT_DISABLED });
      const entries = await trail(adminId);
      expect(entries).toContainEqual({ action: 'disabled', admin_email: DEMO_ADMIN.email });
      expect(entries).toContainEqual({ action: 'sign-in-failed', admin_email: 'leaving@chitram.in' });
    });

    it('changes a role at once: the sessions end and the next sign-in carries the new role', async () => {
      const adminId = await inviteAndAccept('moving@chitram.in', 'support');
      const { secret, session } = await enrolAtFirstSignIn('moving@chitram.in');
      await rpc.call(Subjects.auth.admins.changeRole, { actor: owner, adminId, role: 'finance' });
      await expect(
        rpc.call(Subjects.auth.refresh, { refreshToken: session.refreshToken }),
      ).rejects.toMatchObject({ code: ErrorCode.TOKEN_REVOKED });
      const next = await secondStep(challengeOf(await login('moving@chitram.in'), 'code'), {
        code: await codeOf(secret),
      });
      expect(next.adminRole).toBe('finance');
      expect(await verifier.verify(next.token)).toMatchObject({ adminRole: 'finance' });
      const renewed = await rpc.call(Subjects.auth.refresh, { refreshToken: next.refreshToken });
      expect(await verifier.verify(renewed.token)).toMatchObject({ adminRole: 'finance' });
    });

    it('does not let the owner demote or disable themselves (there is always an owner)', async () => {
      await expect(
        rpc.call(Subjects.auth.admins.changeRole, { actor: owner, adminId: owner.adminId, role: 'content' }),
      ).rejects.toMatchObject({ code: ErrorCode.CONFLICT });
      await expect(
        rpc.call(Subjects.auth.admins.disable, { actor: owner, adminId: owner.adminId }),
      ).rejects.toMatchObject({ code: ErrorCode.CONFLICT });
    });
  });

  describe('the second factor', () => {
    let secret: string;
    let recoveryCodes: string[];
    let adminId: string;

    beforeAll(async () => {
      adminId = await inviteAndAccept('ledger@chitram.in', 'finance');
      const enrolled = await enrolAtFirstSignIn('ledger@chitram.in');
      secret = enrolled.secret;
      recoveryCodes = enrolled.session.recoveryCodes ?? [];
    });

    it('enrols at the first sign-in and shows ten recovery codes once, keeping only their hashes', async () => {
      expect(recoveryCodes).toHaveLength(10);
      expect(new Set(recoveryCodes).size).toBe(10);
      const stored: Array<{ code_hash: string }> = await auth.dataSource.query(
        `SELECT "code_hash" FROM "admin_recovery_code" WHERE "admin_id" = $1`,
        [adminId],
      );
      expect(stored).toHaveLength(10);
      for (const code of recoveryCodes) expect(JSON.stringify(stored)).not.toContain(code);
    });

    it('asks for the code after the password, refuses a wrong one and signs in with the right one', async () => {
      const challenge = challengeOf(await login('ledger@chitram.in'), 'code');
      await expect(secondStep(challenge, { code: '000000' })).rejects.toMatchObject({
        code: ErrorCode.SECOND_FACTOR_INVALID,
      });
      const session: AdminSession = await secondStep(challenge, { code: await codeOf(secret) });
      expect(session).toMatchObject({ adminRole: 'finance', secondFactor: true });
      expect(session.recoveryCodes).toBeUndefined();
      // The step worked once.
      await expect(secondStep(challenge, { code: await codeOf(secret) })).rejects.toMatchObject({
        code: ErrorCode.SECOND_FACTOR_INVALID,
      });
    });

    it('refuses a wrong password before any code is asked', async () => {
      await expect(login('ledger@chitram.in', 'not the password')).rejects.toMatchObject({
        code: ErrorCode.INVALID_CREDENTIALS,
      });
    });

    it('ends the step after five wrong codes: the right code then does not help', async () => {
      const challenge = challengeOf(await login('ledger@chitram.in'), 'code');
      for (let i = 0; i < 5; i++)
        await expect(secondStep(challenge, { code: '111111' })).rejects.toMatchObject({
          code: ErrorCode.SECOND_FACTOR_INVALID,
        });
      await expect(secondStep(challenge, { code: await codeOf(secret, 0) })).rejects.toMatchObject({
        message: expect.stringContaining('sign in again'),
      });
    });

    it('signs in with a recovery code once', async () => {
      const [recovery] = recoveryCodes;
      const session = await secondStep(challengeOf(await login('ledger@chitram.in'), 'code'), {
        recoveryCode: recovery.toUpperCase(),
      });
      expect(session.adminRole).toBe('finance');
      await expect(
        secondStep(challengeOf(await login('ledger@chitram.in'), 'code'), { recoveryCode: recovery }),
      ).rejects.toMatchObject({ code: ErrorCode.SECOND_FACTOR_INVALID });
      expect((await trail(adminId)).map((e) => e.action)).toContain('recovery-code-used');
    });

    it('lets the owner reset a lost factor, audited: the admin enrols again at the next sign-in', async () => {
      const reset = await rpc.call(Subjects.auth.admins.resetSecondFactor, { actor: owner, adminId });
      expect(reset.secondFactor).toBe(false);
      expect(await trail(adminId)).toContainEqual({
        action: 'second-factor-reset',
        admin_email: DEMO_ADMIN.email,
      });
      challengeOf(await login('ledger@chitram.in'), 'enrol');
    });

    it('lets a signed-in admin add an authenticator from their page', async () => {
      const selfId = await inviteAndAccept('self@chitram.in', 'support');
      const offered = await rpc.call(Subjects.auth.secondFactor.start, { adminId: selfId });
      await expect(
        rpc.call(Subjects.auth.secondFactor.confirm, { adminId: selfId, code: '123456' }),
      ).rejects.toMatchObject({ code: ErrorCode.SECOND_FACTOR_INVALID });
      const { recoveryCodes: codes } = await rpc.call(Subjects.auth.secondFactor.confirm, {
        adminId: selfId,
        code: await codeOf(offered.secret, 0),
      });
      expect(codes).toHaveLength(10);
      challengeOf(await login('self@chitram.in'), 'code');
    });
  });
});
