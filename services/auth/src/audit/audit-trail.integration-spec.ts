import { randomUUID } from 'node:crypto';
import {
  AUDIT_PAGE_SIZE,
  ErrorCode,
  Events,
  Subjects,
  type AdminActionRecorded,
  type AuditPage,
} from '@chitram/contracts';
import { busSubject, connectNats, LOGGER, RpcClient, type EventEnvelope } from '@chitram/nest-kit';
import {
  isolatedEnv,
  startTestService,
  testInfrastructure,
  testSigningKeys,
  waitFor,
  type TestService,
} from '@chitram/test-helpers';
import { JSONCodec, type NatsConnection } from 'nats';
import { AuthConfig, DEMO_ADMIN } from '../config';
import { authService } from '../service';
import { SessionsService } from '../sessions/sessions.service';
import { AuditEntries } from './audit-entries.repository';
import { AuditRetention } from './audit-retention';

jest.setTimeout(60_000);

const codec = JSONCodec<EventEnvelope<unknown>>();

/**
 * The audit trail in the auth service (issue 9): admin writes of other services filed from their
 * events (once, however often an event comes), actions recorded straight in, Sign out everywhere,
 * and the pages the Audit screen reads, newest first and filtered.
 */
describe('the audit trail', () => {
  const isolation = isolatedEnv();
  const keys = testSigningKeys();
  let auth: TestService;
  let nats: NatsConnection;
  let rpc: RpcClient;
  let adminId: string;
  const actor = () => ({ adminId, sessionId: randomUUID(), address: '203.0.113.9' });

  const page = (filter: Record<string, unknown> = {}) => rpc.call(Subjects.auth.audit.page, filter);
  const rowsWithId = async (id: string) =>
    (await auth.dataSource.query<unknown[]>(`SELECT 1 FROM "audit_entry" WHERE "id" = $1`, [id])).length;
  /** Publishes an event as a service's outbox relay would; `copy` publishes it again as a new message (a redelivery). */
  const publish = async (envelope: EventEnvelope<unknown>, copy = 0) =>
    nats.jetstream().publish(busSubject(isolation.env, envelope.subject), codec.encode(envelope), {
      msgID: copy ? `${envelope.id}-copy-${copy}` : envelope.id,
    });
  const action = (overrides: Partial<AdminActionRecorded> = {}): AdminActionRecorded => ({
    actor: actor(),
    action: 'updated',
    entity: { type: 'movie', id: randomUUID(), label: 'Kaveri Nights Returns' },
    changes: [{ field: 'title', before: 'Kaveri Nights', after: 'Kaveri Nights Returns' }],
    note: null,
    ...overrides,
  });
  const envelope = (payload: unknown): EventEnvelope<unknown> => ({
    id: randomUUID(),
    subject: Events.adminActionRecorded,
    occurredAt: new Date().toISOString(),
    payload,
  });

  beforeAll(async () => {
    auth = await startTestService(authService, {
      env: { ...isolation.env, JWT_PRIVATE_KEY: keys.privatePem },
    });
    nats = await connectNats(testInfrastructure().NATS_URL, 'audit-trail-test');
    rpc = new RpcClient(nats, 5000);
    [{ id: adminId }] = await auth.dataSource.query<Array<{ id: string }>>(
      `SELECT "id" FROM "admin_account" WHERE "email" = $1`,
      [DEMO_ADMIN.email],
    );
  });

  afterAll(async () => {
    await nats?.close();
    await auth?.destroy();
    await isolation.cleanUp();
  });

  it('files an admin write from its event, naming the admin by e-mail, once however often it comes', async () => {
    const event = envelope(action());
    await publish(event);
    await publish(event, 1);
    await publish(event, 2);
    // Every copy is delivered and acknowledged; one entry is filed.
    const jsm = await nats.jetstreamManager();
    await waitFor(async () => {
      const consumer = await jsm.consumers.info(isolation.env.EVENTS_STREAM, 'auth-audit-trail');
      return (
        consumer.delivered.stream_seq >= 3 && consumer.num_pending === 0 && consumer.num_ack_pending === 0
      );
    });
    expect(await rowsWithId(event.id)).toBe(1);
    const { entries } = await page({ entity: 'movie' });
    const filed = entries.filter((entry) => entry._id === event.id);
    expect(filed).toEqual([
      {
        _id: event.id,
        at: event.occurredAt,
        admin: { id: adminId, email: DEMO_ADMIN.email },
        action: 'updated',
        entity: (event.payload as AdminActionRecorded).entity,
        changes: [{ field: 'title', before: 'Kaveri Nights', after: 'Kaveri Nights Returns' }],
        note: null,
        address: '203.0.113.9',
      },
    ]);
  });

  it('files an unknown admin’s write without an e-mail, and drops an unreadable one without holding up the rest', async () => {
    const stranger = randomUUID();
    const unreadable = envelope({ actor: { adminId }, action: 'exploded' });
    const unknownAdmin = envelope(action({ actor: { adminId: stranger, sessionId: randomUUID() } }));
    await publish(unreadable);
    await publish(unknownAdmin);
    await waitFor(async () => (await rowsWithId(unknownAdmin.id)) === 1);
    expect(await rowsWithId(unreadable.id)).toBe(0);
    const { entries } = await page({ admin: stranger });
    expect(entries).toEqual([
      expect.objectContaining({ _id: unknownAdmin.id, admin: { id: stranger, email: null }, address: null }),
    ]);
  });

  it('records an action straight in, once per request id, and refuses one that is not an action', async () => {
    const id = randomUUID();
    const video = {
      id,
      actor: actor(),
      action: 'video-added' as const,
      entity: { type: 'show' as const, id: randomUUID(), label: 'Ward Sabha' },
      changes: [{ field: 'video', before: null, after: randomUUID() }],
    };
    expect(await rpc.call(Subjects.auth.audit.record, video)).toEqual({ recorded: true });
    expect(await rpc.call(Subjects.auth.audit.record, video)).toEqual({ recorded: false });
    expect(await rowsWithId(id)).toBe(1);
    await expect(
      rpc.uncheckedRequest(Subjects.auth.audit.record, { ...video, id: randomUUID(), action: 'rm -rf' }),
    ).rejects.toMatchObject({ code: ErrorCode.VALIDATION_FAILED });
    await expect(
      rpc.uncheckedRequest(Subjects.auth.audit.record, {
        ...video,
        id: randomUUID(),
        actor: { adminId: 'me' },
      }),
    ).rejects.toMatchObject({ code: ErrorCode.VALIDATION_FAILED });
  });

  it('signs a viewer out everywhere and files who did it, in one step; never an admin', async () => {
    const sessions = auth.app.get(SessionsService);
    const viewerId = randomUUID();
    await sessions.open(viewerId, 'user');
    await sessions.open(viewerId, 'user');
    const by = actor();
    await rpc.call(Subjects.auth.audit.signOutEverywhere, {
      subjectId: viewerId,
      actor: by,
      label: '+91 98•••••210',
    });
    const open = await auth.dataSource.query<unknown[]>(
      `SELECT 1 FROM "auth_session" WHERE "subject_id" = $1 AND "revoked_at" IS NULL`,
      [viewerId],
    );
    expect(open).toHaveLength(0);
    const { entries } = await page({ action: 'signed-out-everywhere' });
    expect(entries[0]).toMatchObject({
      admin: { id: adminId, email: DEMO_ADMIN.email },
      entity: { type: 'viewer', id: viewerId, label: '+91 98•••••210' },
      changes: [{ field: 'activeSessions', before: 2, after: 0 }],
      address: by.address,
    });

    await expect(
      rpc.call(Subjects.auth.audit.signOutEverywhere, { subjectId: adminId, actor: by, label: 'x' }),
    ).rejects.toMatchObject({ code: ErrorCode.FORBIDDEN });
  });

  describe('pages', () => {
    const entity = randomUUID();
    /** Entries at chosen times (Indian days matter at their edges), all about one partner. */
    const fileAt = async (at: string, overrides: Record<string, string | null> = {}) => {
      await auth.dataSource.query(
        `INSERT INTO "audit_entry" ("occurred_at", "admin_id", "admin_email", "action", "entity_type", "entity_id", "entity_label")
         VALUES ($1, $2, $3, $4, 'partner', $5, 'Suryodaya Films')`,
        [at, overrides.adminId ?? adminId, 'admin@chitram.in', overrides.action ?? 'updated', entity],
      );
    };

    beforeAll(async () => {
      // 18:29 UTC on 1 March is 23:59 in India, still 1 March; 18:30 UTC is 2 March there.
      await fileAt('2026-03-01T18:29:00Z', { action: 'created' });
      await fileAt('2026-03-01T18:30:00Z');
      await fileAt('2026-03-02T18:29:59Z', { action: 'assigned' });
      await fileAt('2026-03-03T09:00:00Z', { action: 'deleted', adminId: randomUUID() });
      for (let i = 0; i < AUDIT_PAGE_SIZE + 5; i++)
        await fileAt(new Date(Date.UTC(2026, 1, 1, 0, i)).toISOString());
    });

    it('lists newest first, 20 a page, with the count of all that match and every admin for the filter', async () => {
      const first: AuditPage = await page({ entity: 'partner' });
      expect(first.totalEntries).toBe(AUDIT_PAGE_SIZE + 9);
      expect(first.totalPages).toBe(2);
      expect(first.entries).toHaveLength(AUDIT_PAGE_SIZE);
      expect(first.entries[0]).toMatchObject({ action: 'deleted', at: '2026-03-03T09:00:00.000Z' });
      const times = first.entries.map((entry) => entry.at);
      expect([...times].sort().reverse()).toEqual(times);
      const second = await page({ entity: 'partner', page: 2 });
      expect(second.entries).toHaveLength(9);
      expect(second.entries.some((entry) => first.entries.some((e) => e._id === entry._id))).toBe(false);
      expect(first.admins).toEqual([{ id: adminId, email: DEMO_ADMIN.email }]);
    });

    it('filters by action, by admin, and by Indian days, both ends included', async () => {
      expect((await page({ entity: 'partner', action: 'assigned' })).entries.map((e) => e.at)).toEqual([
        '2026-03-02T18:29:59.000Z',
      ]);
      const mine = await page({ entity: 'partner', admin: adminId });
      expect(mine.totalEntries).toBe(AUDIT_PAGE_SIZE + 8);
      const secondOfMarch = await page({ entity: 'partner', from: '2026-03-02', to: '2026-03-02' });
      expect(secondOfMarch.entries.map((e) => e.at)).toEqual([
        '2026-03-02T18:29:59.000Z',
        '2026-03-01T18:30:00.000Z',
      ]);
      const march = await page({ entity: 'partner', from: '2026-03-01' });
      expect(march.totalEntries).toBe(4);
      const untilFirst = await page({ entity: 'partner', to: '2026-03-01' });
      expect(untilFirst.totalEntries).toBe(AUDIT_PAGE_SIZE + 6);
      expect(await page({ entity: 'partner', from: '2027-01-01' })).toMatchObject({
        entries: [],
        totalEntries: 0,
        totalPages: 0,
      });
    });

    it('refuses filters it cannot read, naming the field', async () => {
      for (const [filter, field] of [
        [{ to: '2026-03-01', from: '2026-03-02' }, 'to'],
        [{ from: '2026-02-30' }, 'from'],
        [{ admin: 'admin@chitram.in' }, 'admin'],
        [{ entity: 'planet' }, 'entity'],
        [{ action: 'DROP TABLE' }, 'action'],
        [{ page: 0 }, 'page'],
      ] as const)
        await expect(page(filter)).rejects.toMatchObject({
          code: ErrorCode.VALIDATION_FAILED,
          fields: { [field]: expect.any(Array) },
        });
    });
  });

  it('deletes entries older than AUDIT_RETENTION_DAYS (365 by default) and only those, idempotently', async () => {
    const entries = auth.app.get(AuditEntries);
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
    const file = (days: number) =>
      entries.add(auth.dataSource.manager, {
        id: randomUUID(),
        occurredAt: daysAgo(days),
        adminId,
        adminEmail: DEMO_ADMIN.email,
        action: 'updated',
        entityType: 'partner',
        entityId: randomUUID(),
        entityLabel: `Kept ${days} days`,
      });
    await Promise.all([file(366), file(400), file(364), file(1)]);
    const labels = async () =>
      (
        await auth.dataSource.query<Array<{ entity_label: string }>>(
          `SELECT "entity_label" FROM "audit_entry" WHERE "entity_label" LIKE 'Kept %' ORDER BY "occurred_at"`,
        )
      ).map((row) => row.entity_label);
    expect(await labels()).toEqual(['Kept 400 days', 'Kept 366 days', 'Kept 364 days', 'Kept 1 days']);

    // Two instances sweeping at once delete each old entry once; a sweep after them finds nothing.
    const second = new AuditRetention(entries, auth.app.get(AuthConfig), auth.app.get(LOGGER));
    const [a, b] = await Promise.all([auth.app.get(AuditRetention).prune(), second.prune()]);
    expect(a + b).toBe(2);
    expect(await labels()).toEqual(['Kept 364 days', 'Kept 1 days']);
    expect(await auth.app.get(AuditRetention).prune()).toBe(0);
  });
});
