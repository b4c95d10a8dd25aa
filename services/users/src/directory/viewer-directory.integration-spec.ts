import { randomInt } from 'node:crypto';
import { ErrorCode, maskPhoneNumber, Subjects, type Viewer } from '@chitram/contracts';
import { connectNats, RpcClient } from '@chitram/nest-kit';
import { isolatedEnv, startTestService, testInfrastructure, type TestService } from '@chitram/test-helpers';
import type { NatsConnection } from 'nats';
import { usersService } from '../service';

// The admin's viewer list and the dashboard's viewer figures (SPEC §2.13, DECISIONS D13), on real
// Postgres and NATS, in a database of this test's own.

describe("the back office's reads of the viewer accounts", () => {
  const isolation = isolatedEnv();
  let users: TestService;
  let nats: NatsConnection;
  let rpc: RpcClient;
  const reports = Subjects.users.reports;

  /** Twelve numbers that share seven digits no other viewer of this database has. */
  const block = String(randomInt(1_000_000, 10_000_000));
  const numbers = Array.from({ length: 12 }, (_, i) => `+919${block}${String(i).padStart(2, '0')}`);
  const signUp = (phoneNumber: string) => rpc.call(Subjects.users.findOrCreateViewer, { phoneNumber });
  let created: Viewer[] = [];

  beforeAll(async () => {
    users = await startTestService(usersService, { env: isolation.env });
    nats = await connectNats(testInfrastructure().NATS_URL, 'users-directory-test');
    rpc = new RpcClient(nats, 5000);
    created = [];
    for (const phone of numbers) created.push(await signUp(phone));
    await signUp('+916000000001');
    // Two of them signed up long ago: not new this week.
    // (A day apart, so newest-first has one order.)
    await users.dataSource.query(
      `UPDATE "viewer" SET "created_at" = now() - interval '30 days' - make_interval(days => $2) WHERE "id" = $1`,
      [created[0]._id, 1],
    );
    await users.dataSource.query(
      `UPDATE "viewer" SET "created_at" = now() - interval '30 days' - make_interval(days => $2) WHERE "id" = $1`,
      [created[1]._id, 0],
    );
  });

  afterAll(async () => {
    await nats?.close();
    await users?.destroy();
    await isolation.cleanUp();
  });

  it('finds viewers by part of the number, 10 a page, newest sign-ups first, each number masked', async () => {
    const first = await rpc.call(reports.searchViewers, { search: block });
    expect(first).toMatchObject({ currentPage: 1, totalViewers: 12, totalPages: 2 });
    expect(first.viewers).toHaveLength(10);
    expect(first.viewers[0]).toEqual({
      _id: created[11]._id,
      maskedPhoneNumber: maskPhoneNumber(numbers[11]),
      createdAt: expect.any(String),
      lastSeenAt: expect.any(String),
    });
    const second = await rpc.call(reports.searchViewers, { search: block, page: 2 });
    expect(second.viewers.map((v) => v.maskedPhoneNumber)).toEqual(
      [numbers[1], numbers[0]].map(maskPhoneNumber),
    );
    // No whole number leaves the service in a list.
    for (const page of [first, second]) expect(JSON.stringify(page)).not.toMatch(/\+91\d{10}/);
    // However the admin types the number: with +91, spaces or dashes.
    const typed = await rpc.call(reports.searchViewers, {
      search: `+91 9${block.slice(0, 3)} ${block.slice(3)}11`,
    });
    expect(typed.viewers.map((v) => v._id)).toEqual([created[11]._id]);
  });

  it('lists every viewer without a term, and nobody for a term without digits', async () => {
    expect(await rpc.call(reports.searchViewers, {})).toMatchObject({ totalViewers: 13, totalPages: 2 });
    expect(await rpc.call(reports.searchViewers, { search: 'ravi' })).toEqual({
      viewers: [],
      currentPage: 1,
      totalViewers: 0,
      totalPages: 0,
    });
    expect((await rpc.call(reports.searchViewers, { search: block, page: 9 })).viewers).toEqual([]);
  });

  it('refuses a page that is not a whole number from 1, and an overlong term', async () => {
    for (const bad of [{ page: 0 }, { page: 1.5 }, { search: '9'.repeat(21) }, { search: block, extra: 1 }])
      await expect(rpc.call(reports.searchViewers, bad)).rejects.toMatchObject({
        code: ErrorCode.VALIDATION_FAILED,
      });
  });

  it('serves the number search from the trigram index', async () => {
    // A table this small is read whole; with sequential scans off the plan shows the index that fits.
    const plan = await users.dataSource.transaction(async (manager) => {
      await manager.query('SET LOCAL enable_seqscan = off');
      return manager.query<Array<{ 'QUERY PLAN': string }>>(
        `EXPLAIN SELECT "id" FROM "viewer" WHERE "phone_number" ILIKE '%' || $1 || '%'`,
        [block],
      );
    });
    expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toContain('IDX_viewer_phone_number_trgm');
  });

  it('counts viewers and this week’s sign-ups, and names the latest ten', async () => {
    const figures = await rpc.call(reports.figures, {});
    expect(figures.total).toBe(13);
    expect(figures.newThisWeek).toBe(11);
    expect(figures.latestSignUps).toHaveLength(10);
    expect(figures.latestSignUps[0].maskedPhoneNumber).toBe('+91 60•••••001');
    expect(JSON.stringify(figures)).not.toMatch(/\+91\d{10}/);
    expect(figures.latestSignUps.map((v) => v._id)).not.toContain(created[0]._id);
  });

  it('counts profiles per account and the kids profiles among them, as the accounts change them', async () => {
    const add = (accountId: string, name: string, maturity: 'kids' | 'kids-ua' | 'adult') =>
      rpc.call(Subjects.users.profiles.create, { accountId, name, avatar: 'kite', maturity });
    // Every account has its first profile: 13 accounts of one.
    expect((await rpc.call(reports.figures, {})).profiles).toEqual({
      total: 13,
      accountsByProfiles: [{ profiles: 1, accounts: 13 }],
      kids: 0,
    });
    // One family of three with two children, one of two, one of five with a kids profile.
    await add(created[2]._id, 'Chinnu', 'kids');
    await add(created[2]._id, 'Bittu', 'kids-ua');
    await add(created[3]._id, 'Ravi', 'adult');
    for (const [name, maturity] of [
      ['Amma', 'adult'],
      ['Appa', 'adult'],
      ['Kutti', 'kids'],
      ['Anna', 'adult'],
    ] as const)
      await add(created[4]._id, name, maturity);
    expect((await rpc.call(reports.figures, {})).profiles).toEqual({
      total: 13 + 2 + 1 + 4,
      accountsByProfiles: [
        { profiles: 1, accounts: 10 },
        { profiles: 2, accounts: 1 },
        { profiles: 3, accounts: 1 },
        { profiles: 5, accounts: 1 },
      ],
      kids: 3,
    });
    // A profile deleted leaves the figures at once.
    const [, chinnu] = await rpc.call(Subjects.users.profiles.list, { accountId: created[2]._id });
    await rpc.call(Subjects.users.profiles.delete, { accountId: created[2]._id, profileId: chinnu._id });
    expect((await rpc.call(reports.figures, {})).profiles).toMatchObject({ total: 19, kids: 2 });
  });
});
