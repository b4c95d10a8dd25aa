import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { ErrorCode, type AdminRole, type Role } from '@chitram/contracts';
import { AccessTokenSigner, createLogger, RevocationList } from '@chitram/nest-kit';
import type { EntityManager } from 'typeorm';
import type { AuthConfig } from '../config';
import type {
  OpenSessionRow,
  PresentedRefreshToken,
  SessionsRepository,
  SessionsStore,
} from './sessions.repository';
import { SessionsService } from './sessions.service';

/**
 * SessionsService's rules (DECISIONS D5: rotation, reuse, expiry, revocation) with its repository
 * replaced by the in-memory one below; SessionsRepository's SQL is tested against Postgres in
 * sessions.integration-spec.ts.
 */

interface Session {
  id: string;
  subjectId: string;
  role: Role;
  adminRole: AdminRole | null;
  profileId: string | null;
  createdAt: Date;
  lastRefreshedAt: Date | null;
  revokedAt: Date | null;
  revokedReason: string | null;
}
interface Token {
  id: string;
  sessionId: string;
  hash: string;
  expiresAt: Date;
  usedAt: Date | null;
}

const noManager = undefined as unknown as EntityManager;

/** Sessions and refresh tokens in two arrays, as the two tables hold them. */
class InMemorySessions implements SessionsStore {
  readonly sessions: Session[] = [];
  readonly tokens: Token[] = [];

  transaction<T>(work: (manager: EntityManager) => Promise<T>, within?: EntityManager): Promise<T> {
    return work(within ?? noManager);
  }

  insertSession(
    _m: EntityManager,
    subjectId: string,
    role: Role,
    adminRole: AdminRole | null = null,
  ): Promise<string> {
    const id = randomUUID();
    this.sessions.push({
      id,
      subjectId,
      role,
      adminRole,
      profileId: null,
      createdAt: new Date(),
      lastRefreshedAt: null,
      revokedAt: null,
      revokedReason: null,
    });
    return Promise.resolve(id);
  }

  insertRefreshToken(_m: EntityManager, sessionId: string, hash: string, expiresAt: Date): Promise<void> {
    this.tokens.push({ id: randomUUID(), sessionId, hash, expiresAt, usedAt: null });
    return Promise.resolve();
  }

  lockPresented(_m: EntityManager, hash: string): Promise<PresentedRefreshToken | undefined> {
    const token = this.tokens.find((t) => t.hash === hash);
    const session = token && this.session(token.sessionId);
    return Promise.resolve(
      token &&
        session && {
          id: token.id,
          sessionId: session.id,
          expiresAt: token.expiresAt,
          usedAt: token.usedAt,
          subjectId: session.subjectId,
          role: session.role,
          adminRole: session.adminRole,
          profileId: session.profileId,
          revokedAt: session.revokedAt,
        },
    );
  }

  spend(_m: EntityManager, tokenId: string, sessionId: string): Promise<void> {
    this.tokens.find((t) => t.id === tokenId)!.usedAt = new Date();
    this.session(sessionId).lastRefreshedAt = new Date();
    return Promise.resolve();
  }

  chooseProfile(
    _m: EntityManager,
    sessionId: string,
    subjectId: string,
    profileId: string | null,
  ): Promise<boolean> {
    const session = this.sessions.find((s) => s.id === sessionId);
    if (!session || session.subjectId !== subjectId || session.role !== 'user' || session.revokedAt)
      return Promise.resolve(false);
    Object.assign(session, { profileId, lastRefreshedAt: new Date() });
    const now = new Date();
    for (const token of this.tokens.filter((t) => t.sessionId === sessionId && !t.usedAt))
      if (token.expiresAt > now) token.expiresAt = now;
    return Promise.resolve(true);
  }

  revokeSession(_m: EntityManager, sessionId: string, reason: string): Promise<void> {
    const session = this.session(sessionId);
    if (!session.revokedAt) Object.assign(session, { revokedAt: new Date(), revokedReason: reason });
    return Promise.resolve();
  }

  revokeSubject(_m: EntityManager, subjectId: string, reason: string): Promise<number> {
    const open = this.sessions.filter((s) => s.subjectId === subjectId && !s.revokedAt);
    for (const session of open) Object.assign(session, { revokedAt: new Date(), revokedReason: reason });
    return Promise.resolve(open.length);
  }

  openSessionsOf(viewerId: string, limit: number): Promise<OpenSessionRow[]> {
    const now = Date.now();
    const rows = this.sessions
      .filter((s) => s.subjectId === viewerId && s.role === 'user' && !s.revokedAt)
      .map((s) => {
        const live = this.tokens.filter(
          (t) => t.sessionId === s.id && !t.usedAt && t.expiresAt.getTime() > now,
        );
        return live.length
          ? {
              id: s.id,
              createdAt: s.createdAt,
              lastUsedAt: s.lastRefreshedAt ?? s.createdAt,
              expiresAt: new Date(Math.max(...live.map((t) => t.expiresAt.getTime()))),
            }
          : undefined;
      })
      .filter((row): row is OpenSessionRow => !!row)
      .sort((a, b) => b.lastUsedAt.getTime() - a.lastUsedAt.getTime() || a.id.localeCompare(b.id));
    return Promise.resolve(rows.slice(0, limit));
  }

  session(id: string): Session {
    return this.sessions.find((s) => s.id === id)!;
  }
}

/** What the service asked the gateway's revocation list to refuse (it lives in Redis). */
class RecordedRevocations extends RevocationList {
  readonly sessions: string[] = [];
  readonly subjects: string[] = [];

  constructor() {
    super(undefined as never);
  }

  override revokeSession(sessionId: string): Promise<void> {
    this.sessions.push(sessionId);
    return Promise.resolve();
  }

  override revokeSubjectBefore(subjectId: string): Promise<void> {
    this.subjects.push(subjectId);
    return Promise.resolve();
  }
}

function setUp() {
  const store = new InMemorySessions();
  const revocations = new RecordedRevocations();
  const signer = new AccessTokenSigner(generateKeyPairSync('ed25519').privateKey, {
    issuer: 'test',
    audience: 'test',
    ttlSeconds: 900,
  });
  const config = { ACCESS_TOKEN_TTL_SECONDS: 900, REFRESH_TOKEN_TTL_DAYS: 30 } as AuthConfig;
  const service = new SessionsService(
    store as unknown as SessionsRepository,
    signer,
    revocations,
    config,
    createLogger('sessions-test', 'silent'),
  );
  return { store, revocations, service };
}

describe('SessionsService (repository in memory)', () => {
  it('rotates the refresh token on every use: the new one works, the spent one does not', async () => {
    const { service, store } = setUp();
    const opened = await service.open('viewer-1', 'user');
    const next = await service.refresh(opened.refreshToken);
    expect(next.sessionId).toBe(opened.sessionId);
    expect(next.refreshToken).not.toBe(opened.refreshToken);
    expect(store.session(opened.sessionId).lastRefreshedAt).not.toBeNull();
    // Only hashes are stored.
    expect(store.tokens.map((t) => t.hash)).not.toContain(opened.refreshToken);
    await expect(service.refresh(next.refreshToken)).resolves.toMatchObject({ sessionId: opened.sessionId });
  });

  it('ends the whole session when a spent refresh token comes back (it was copied)', async () => {
    const { service, store, revocations } = setUp();
    const opened = await service.open('viewer-1', 'user');
    const next = await service.refresh(opened.refreshToken);
    await expect(service.refresh(opened.refreshToken)).rejects.toMatchObject({
      code: ErrorCode.TOKEN_REVOKED,
    });
    expect(store.session(opened.sessionId)).toMatchObject({ revokedReason: 'refresh token reused' });
    expect(revocations.sessions).toEqual([opened.sessionId]);
    // The owner's newer token ends with it.
    await expect(service.refresh(next.refreshToken)).rejects.toMatchObject({ code: ErrorCode.TOKEN_REVOKED });
  });

  it('refuses an unknown or expired refresh token as invalid', async () => {
    const { service, store } = setUp();
    await expect(service.refresh('not-a-token')).rejects.toMatchObject({ code: ErrorCode.TOKEN_INVALID });
    const opened = await service.open('viewer-1', 'user');
    store.tokens[0].expiresAt = new Date(Date.now() - 1);
    await expect(service.refresh(opened.refreshToken)).rejects.toMatchObject({
      code: ErrorCode.TOKEN_INVALID,
    });
  });

  it('logs out one session only, and tells the gateway', async () => {
    const { service, revocations } = setUp();
    const phone = await service.open('viewer-1', 'user');
    const laptop = await service.open('viewer-1', 'user');
    await service.logout(phone.sessionId);
    expect(revocations.sessions).toEqual([phone.sessionId]);
    await expect(service.refresh(phone.refreshToken)).rejects.toMatchObject({
      code: ErrorCode.TOKEN_REVOKED,
    });
    await expect(service.refresh(laptop.refreshToken)).resolves.toMatchObject({
      sessionId: laptop.sessionId,
    });
  });

  it('revokes every open session of a deleted account once; a repeat revokes none', async () => {
    const { service, revocations } = setUp();
    await service.open('viewer-1', 'user');
    await service.open('viewer-1', 'user');
    const other = await service.open('viewer-2', 'user');
    expect(await service.revokeSubject('viewer-1', 'account deleted')).toBe(2);
    expect(await service.revokeSubject('viewer-1', 'account deleted')).toBe(0);
    expect(revocations.subjects).toEqual(['viewer-1', 'viewer-1']);
    expect(await service.openSessionsOf('viewer-1')).toEqual([]);
    expect((await service.openSessionsOf('viewer-2')).map((s) => s.sessionId)).toEqual([other.sessionId]);
  });

  it("lists a viewer's open sessions, last used first, never an admin's", async () => {
    const { service, store } = setUp();
    const first = await service.open('person-1', 'user');
    const second = await service.open('person-1', 'user');
    await service.open('person-1', 'admin');
    store.session(first.sessionId).createdAt = new Date(Date.now() - 60_000);
    store.session(second.sessionId).createdAt = new Date(Date.now() - 120_000);
    await service.refresh(second.refreshToken);
    const listed = await service.openSessionsOf('person-1');
    expect(listed.map((s) => s.sessionId)).toEqual([second.sessionId, first.sessionId]);
    expect(listed[0]).toEqual({
      sessionId: second.sessionId,
      createdAt: expect.any(String),
      lastUsedAt: expect.any(String),
      expiresAt: expect.any(String),
    });
  });

  it('selects a profile: a new pair carries it, renewals keep it, the pair before it stops renewing', async () => {
    const { service, store } = setUp();
    const claimsOf = (token: string) =>
      JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { prf?: string; sid: string };
    const viewer = randomUUID();
    const kid = randomUUID();
    const opened = await service.open(viewer, 'user');
    expect(claimsOf(opened.token).prf).toBeUndefined();
    const chosen = await service.selectProfile(opened.sessionId, viewer, kid);
    expect(claimsOf(chosen.token)).toMatchObject({ prf: kid, sid: opened.sessionId });
    await expect(service.refresh(opened.refreshToken)).rejects.toMatchObject({
      code: ErrorCode.TOKEN_INVALID,
    });
    const renewed = await service.refresh(chosen.refreshToken);
    expect(claimsOf(renewed.token).prf).toBe(kid);
    // Back to the first profile (the viewer's id): tokens without the claim.
    const back = await service.selectProfile(opened.sessionId, viewer, viewer);
    expect(claimsOf(back.token).prf).toBeUndefined();
    expect(claimsOf((await service.refresh(back.refreshToken)).token).prf).toBeUndefined();
    expect(store.session(opened.sessionId).profileId).toBeNull();
  });

  it("refuses to select a profile for another subject's, an admin's or an ended session", async () => {
    const { service } = setUp();
    const viewer = randomUUID();
    const opened = await service.open(viewer, 'user');
    const admin = await service.open(viewer, 'admin', 'owner');
    for (const [sessionId, subjectId] of [
      [opened.sessionId, randomUUID()],
      [admin.sessionId, viewer],
    ])
      await expect(service.selectProfile(sessionId, subjectId, randomUUID())).rejects.toMatchObject({
        code: ErrorCode.TOKEN_REVOKED,
      });
    await service.logout(opened.sessionId);
    await expect(service.selectProfile(opened.sessionId, viewer, randomUUID())).rejects.toMatchObject({
      code: ErrorCode.TOKEN_REVOKED,
    });
  });
});
