import { randomUUID } from 'node:crypto';
import { ErrorCode, Events, Subjects, type ViewerSession } from '@chitram/contracts';
import {
  AccessTokenVerifier,
  busSubject,
  connectNats,
  DEFAULT_JWT_AUDIENCE,
  DEFAULT_JWT_ISSUER,
  RevocationList,
  RpcClient,
  type EventOf,
  type Redis,
  type VerifiedAccess,
} from '@chitram/nest-kit';
import {
  isolatedEnv,
  startTestService,
  testInfrastructure,
  type TestService,
  testSigningKeys,
  waitFor,
} from '@chitram/test-helpers';
import { JSONCodec, type NatsConnection } from 'nats';
import { authService } from '../service';
import { viewersStandIn } from '../testing/viewers-stand-in';

const keys = testSigningKeys();
let nextPhone = 8_000_000_000 + Math.floor(Math.random() * 900_000_000);

describe('sessions in the auth service: rotation, reuse, logout, revocation (real Redis, Postgres, NATS, JetStream)', () => {
  const isolation = isolatedEnv();
  const users = viewersStandIn();
  const verifier = new AccessTokenVerifier(keys.publicKey, {
    issuer: DEFAULT_JWT_ISSUER,
    audience: DEFAULT_JWT_AUDIENCE,
  });
  let auth: TestService;
  let usersStandIn: TestService;
  let nats: NatsConnection;
  let rpc: RpcClient;
  let redis: Redis;
  let revocations: RevocationList;

  /** Signs a viewer in by phone, as the web app does; a second call for the same number is a second device. */
  async function signIn(phone = String(nextPhone++)): Promise<ViewerSession & { claims: VerifiedAccess }> {
    const clientIp = '203.0.113.9';
    // Skips the number's wait and this address's wait for it.
    await redis.del(`auth:otp:resend:+91${phone}`, `auth:otp:resend:+91${phone}:from:${clientIp}`);
    await rpc.call(Subjects.auth.sendOtp, { phoneNumber: phone, clientIp });
    const outbox = await rpc.call(Subjects.auth.otpOutbox, { phoneNumber: phone });
    const session = await rpc.call(Subjects.auth.verifyOtp, {
      phoneNumber: phone,
      otp: outbox.codes[outbox.codes.length - 1].otp,
      clientIp,
    });
    return { ...session, claims: await verifier.verify(session.token) };
  }
  const refresh = (refreshToken: string) => rpc.call(Subjects.auth.refresh, { refreshToken });
  const sessionRow = async (id: string) => {
    const rows = await auth.dataSource.query<
      Array<{ revoked_at: Date | null; revoked_reason: string | null }>
    >('SELECT * FROM "auth_session" WHERE "id" = $1', [id]);
    return rows[0];
  };

  beforeAll(async () => {
    usersStandIn = await startTestService(users.definition);
    auth = await startTestService(authService, {
      env: { ...isolation.env, JWT_PRIVATE_KEY: keys.privatePem },
    });
    nats = await connectNats(testInfrastructure().NATS_URL, 'sessions-test');
    rpc = new RpcClient(nats, 5000);
    redis = isolation.redis();
    revocations = new RevocationList(redis);
  });

  afterAll(async () => {
    redis?.disconnect();
    await nats?.close();
    await auth?.destroy();
    await usersStandIn?.destroy();
    await isolation.cleanUp();
  });

  it('rotates the refresh token on use: a new pair in the same session family', async () => {
    const session = await signIn();
    const next = await refresh(session.refreshToken);
    expect(next).toEqual({ token: expect.any(String), refreshToken: expect.any(String) });
    expect(next.refreshToken).not.toBe(session.refreshToken);
    const claims = await verifier.verify(next.token);
    expect(claims).toMatchObject({ sub: session._id, role: 'user', sid: session.claims.sid });
    // And the new one rotates in turn.
    await expect(refresh(next.refreshToken)).resolves.toBeDefined();
  });

  it('keeps refresh tokens only as hashes', async () => {
    const session = await signIn();
    const rows: unknown[] = await auth.dataSource.query('SELECT * FROM "refresh_token"');
    expect(JSON.stringify(rows)).not.toContain(session.refreshToken);
  });

  it('revokes the whole family when a refresh token is used twice', async () => {
    const session = await signIn();
    const next = await refresh(session.refreshToken);

    // The copy is replayed: refused, and the family ends for the holder of the copy and the owner alike.
    await expect(refresh(session.refreshToken)).rejects.toMatchObject({ code: ErrorCode.TOKEN_REVOKED });
    await expect(refresh(next.refreshToken)).rejects.toMatchObject({ code: ErrorCode.TOKEN_REVOKED });
    expect(await revocations.isRevoked(session.claims)).toBe(true);
    expect(await revocations.isRevoked(await verifier.verify(next.token))).toBe(true);
    expect((await sessionRow(session.claims.sid)).revoked_reason).toBe('refresh token reused');
  });

  it('leaves the other sessions of the same viewer alone when one family is revoked', async () => {
    const phone = String(nextPhone++);
    const phoneSession = await signIn(phone);
    const laptopSession = await signIn(phone);
    await refresh(phoneSession.refreshToken);
    await expect(refresh(phoneSession.refreshToken)).rejects.toBeDefined();
    expect(await revocations.isRevoked(laptopSession.claims)).toBe(false);
    await expect(refresh(laptopSession.refreshToken)).resolves.toBeDefined();
  });

  it('refuses an unknown or expired refresh token without touching any session', async () => {
    await expect(refresh('not-a-token-we-issued')).rejects.toMatchObject({ code: ErrorCode.TOKEN_INVALID });
    const session = await signIn();
    await auth.dataSource.query(
      `UPDATE "refresh_token" SET "expires_at" = now() - interval '1 second' WHERE "session_id" = $1`,
      [session.claims.sid],
    );
    await expect(refresh(session.refreshToken)).rejects.toMatchObject({ code: ErrorCode.TOKEN_INVALID });
    expect((await sessionRow(session.claims.sid)).revoked_at).toBeNull();
  });

  it('ends a session at logout: its access token is refused at once and its refresh token is dead', async () => {
    const session = await signIn();
    expect(await revocations.isRevoked(session.claims)).toBe(false);
    await rpc.call(Subjects.auth.logout, { sessionId: session.claims.sid });
    expect(await revocations.isRevoked(session.claims)).toBe(true);
    await expect(refresh(session.refreshToken)).rejects.toMatchObject({ code: ErrorCode.TOKEN_REVOKED });
  });

  it('revokes every session of a subject at once', async () => {
    const phone = String(nextPhone++);
    const first = await signIn(phone);
    const second = await signIn(phone);
    const other = await signIn();
    await rpc.call(Subjects.auth.revokeSubject, { subjectId: first._id });
    expect(await revocations.isRevoked(first.claims)).toBe(true);
    expect(await revocations.isRevoked(second.claims)).toBe(true);
    expect(await revocations.isRevoked(other.claims)).toBe(false);
    await expect(refresh(second.refreshToken)).rejects.toMatchObject({ code: ErrorCode.TOKEN_REVOKED });
  });

  describe('user.deleted from JetStream', () => {
    type Deletion = EventOf<typeof Events.userDeleted>;
    const codec = JSONCodec<Deletion>();
    const deletion = (payload: Deletion['payload']): Deletion => ({
      id: randomUUID(),
      subject: Events.userDeleted,
      occurredAt: new Date().toISOString(),
      payload,
    });
    const publish = async (envelope: Deletion, msgID: string) => {
      const ack = await nats
        .jetstream()
        .publish(busSubject(isolation.env, Events.userDeleted), codec.encode(envelope), {
          msgID,
        });
      return ack;
    };
    /** The auth service's durable consumer has acknowledged everything up to this stream sequence. */
    const acknowledged = (seq: number) => async () => {
      const jsm = await nats.jetstreamManager();
      const info = await jsm.consumers.info(isolation.env.EVENTS_STREAM, 'auth-revoke-deleted-user');
      return info.ack_floor.stream_seq >= seq;
    };

    it("revokes the deleted viewer's sessions, and a second delivery of the same event changes nothing", async () => {
      const session = await signIn();
      const event = deletion({ viewerId: session._id, deletedAt: new Date().toISOString() });
      const first = await publish(event, event.id);
      await waitFor(acknowledged(first.seq), 10_000);
      expect((await sessionRow(session.claims.sid)).revoked_reason).toBe('account deleted');
      expect(await revocations.isRevoked(session.claims)).toBe(true);
      await expect(refresh(session.refreshToken)).rejects.toMatchObject({ code: ErrorCode.TOKEN_REVOKED });

      const before = {
        session: await sessionRow(session.claims.sid),
        revokedBefore: await redis.get(`auth:revoked:subject:${session._id}`),
        inbox: await auth.dataSource.query('SELECT * FROM "processed_event"'),
      };
      // At-least-once: the same event again (as after a relay crash outside the stream's de-duplication window).
      const again = await publish(event, `${event.id}-redelivered`);
      expect(again.duplicate).toBe(false);
      await waitFor(acknowledged(again.seq), 10_000);
      expect(await sessionRow(session.claims.sid)).toEqual(before.session);
      expect(await redis.get(`auth:revoked:subject:${session._id}`)).toBe(before.revokedBefore);
      expect(await auth.dataSource.query('SELECT * FROM "processed_event"')).toEqual(before.inbox);
    });

    it('still reads a deletion written before issue 21, which names the viewer userId', async () => {
      const session = await signIn();
      const event = deletion({ userId: session._id, deletedAt: new Date().toISOString() });
      await waitFor(acknowledged((await publish(event, event.id)).seq), 10_000);
      expect((await sessionRow(session.claims.sid)).revoked_reason).toBe('account deleted');
      await expect(refresh(session.refreshToken)).rejects.toMatchObject({ code: ErrorCode.TOKEN_REVOKED });
    });

    it('is de-duplicated by the stream when the relay publishes the same outbox row twice', async () => {
      const event = deletion({ viewerId: randomUUID(), deletedAt: new Date().toISOString() });
      expect((await publish(event, event.id)).duplicate).toBe(false);
      expect((await publish(event, event.id)).duplicate).toBe(true);
    });
  });
});
