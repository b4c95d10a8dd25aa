import {
  DEFAULT_JWT_AUDIENCE,
  DEFAULT_JWT_ISSUER,
  AccessTokenVerifier,
  connectNats,
  metricsText,
  RpcClient,
  type Redis,
} from '@chitram/nest-kit';
import { ErrorCode, SignInMessages, Subjects } from '@chitram/contracts';
import {
  dumpRedis,
  isolatedEnv,
  metricValue,
  parseMetrics,
  startTestService,
  testInfrastructure,
  type TestService,
  testSigningKeys,
} from '@chitram/test-helpers';
import type { NatsConnection } from 'nats';
import { authService } from '../service';
import { viewersStandIn } from '../testing/viewers-stand-in';
import { OtpHasher } from './otp-code';

const OTP_SECRET = 'a-test-secret-of-more-than-thirty-two-characters';
const keys = testSigningKeys();
let nextPhone = 9_000_000_000 + Math.floor(Math.random() * 900_000_000);
/** A different valid number for each test, so limits of one do not touch another. */
const freshPhone = () => String(nextPhone++);
/** A well-formed code that is not `code`. */
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/**
 * The auth service (console provider) with `env` beside a stand-in of the users service, started for
 * the describe block that calls this, and the calls a test makes to it over NATS.
 */
function authUnderTest(env: Record<string, string>, defaultClientIp = '203.0.113.7') {
  const isolation = isolatedEnv();
  const users = viewersStandIn();
  const started: { auth?: TestService; usersStandIn?: TestService; nats?: NatsConnection; rpc?: RpcClient } =
    {};
  const rpc = () => started.rpc!;

  beforeAll(async () => {
    started.usersStandIn = await startTestService(users.definition);
    started.auth = await startTestService(authService, {
      env: { ...isolation.env, JWT_PRIVATE_KEY: keys.privatePem, ...env },
    });
    started.nats = await connectNats(testInfrastructure().NATS_URL, 'otp-test');
    started.rpc = new RpcClient(started.nats, 5000);
  });

  afterAll(async () => {
    await started.nats?.close();
    await started.auth?.destroy();
    await started.usersStandIn?.destroy();
    await isolation.cleanUp();
  });

  return {
    isolation,
    users,
    rpc,
    auth: () => started.auth!,
    sendOtp: (phoneNumber: string, clientIp = defaultClientIp) =>
      rpc().call(Subjects.auth.sendOtp, { phoneNumber, clientIp }),
    verifyOtp: (phoneNumber: string, otp: string, clientIp = defaultClientIp) =>
      rpc().call(Subjects.auth.verifyOtp, { phoneNumber, otp, clientIp }),
    outbox: (phoneNumber: string) => rpc().call(Subjects.auth.otpOutbox, { phoneNumber }),
    latestCode: async (phoneNumber: string) => {
      const outbox = await rpc().call(Subjects.auth.otpOutbox, { phoneNumber });
      return outbox.codes[outbox.codes.length - 1].otp;
    },
  };
}

describe('phone sign-in in the auth service (console provider, real Redis, Postgres and NATS)', () => {
  const { isolation, users, auth, rpc, sendOtp, verifyOtp, latestCode } = authUnderTest({
    OTP_HASH_SECRET: OTP_SECRET,
  });
  let redis: Redis;

  beforeAll(() => {
    redis = isolation.redis();
  });

  afterAll(() => {
    redis?.disconnect();
  });

  it('sends a code to a 10-digit number with or without +91 and answers the same for every number', async () => {
    const plain = freshPhone();
    const reply = await sendOtp(plain);
    expect(reply).toEqual({
      success: true,
      message: SignInMessages.otpSent,
      resendAfterSeconds: 60,
      expiresInSeconds: 300,
    });
    const withPrefix = freshPhone();
    expect(await sendOtp(`+91${withPrefix}`)).toEqual(reply);
    // Both are kept in the one stored form, +91 and 10 digits.
    expect((await latestCode(`+91${plain}`)).length).toBe(6);
    expect((await latestCode(withPrefix)).length).toBe(6);
  });

  it('refuses numbers that are not 10-digit Indian mobiles, with the message of the spec', async () => {
    for (const bad of ['12345', '5876543210', '+1 9876543210', '98765432101', '98765abcde', '+9198765']) {
      await expect(sendOtp(bad)).rejects.toMatchObject({
        code: ErrorCode.INVALID_PHONE_NUMBER,
        message: 'Invalid phone number. Please check the number',
      });
    }
  });

  it('refuses a second send within 60 s, saying how long to wait, and counts both in its metrics', async () => {
    const sends = async (outcome: string) =>
      metricValue(parseMetrics(await metricsText()), 'chitram_otp_sends_total', { outcome });
    const [sentBefore, limitedBefore] = [await sends('sent'), await sends('limited')];
    const phone = freshPhone();
    await sendOtp(phone);
    await expect(sendOtp(phone)).rejects.toMatchObject({
      code: ErrorCode.RATE_LIMITED,
      message: 'Too many requests. Please try again later.',
      retryAfterSeconds: expect.any(Number),
    });
    const error = (await sendOtp(phone).catch((e: unknown) => e)) as { retryAfterSeconds: number };
    expect(error.retryAfterSeconds).toBeGreaterThan(55);
    expect(error.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect(await sends('sent')).toBe(sentBefore + 1);
    expect(await sends('limited')).toBe(limitedBefore + 2);
  });

  it('keeps the code only as a keyed hash: neither Redis (outside the development outbox) nor the database holds it', async () => {
    const phone = `+91${freshPhone()}`;
    await sendOtp(phone);
    const code = await latestCode(phone);
    const tokens = (text: string) => new Set(text.split(/[^A-Za-z0-9]+/));

    const dump = await dumpRedis(isolation.env.REDIS_KEY_PREFIX);
    const challenge = dump.get(`auth:otp:challenge:${phone}`);
    expect(challenge).toContain(new OtpHasher(OTP_SECRET).hash(phone, code));
    const holding = [...dump].filter(([, text]) => tokens(text).has(code)).map(([key]) => key);
    // The console provider's outbox is the development route's source, and the only place it appears.
    expect(holding).toEqual([`auth:otp:dev-outbox:${phone}`]);

    const tables: Array<{ table_name: string }> = await auth().dataSource.query(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'`,
    );
    expect(tables.length).toBeGreaterThan(4);
    for (const { table_name } of tables) {
      const rows: unknown[] = await auth().dataSource.query(`SELECT * FROM "${table_name}"`);
      expect(tokens(JSON.stringify(rows)).has(code)).toBe(false);
    }
  });

  it('signs a viewer in with the right code and opens a session whose token the gateway accepts', async () => {
    const phone = freshPhone();
    await sendOtp(phone);
    const session = await verifyOtp(phone, await latestCode(`+91${phone}`));
    const viewer = users.viewers.get(`+91${phone}`)!;
    expect(session).toEqual({
      token: expect.any(String),
      refreshToken: expect.any(String),
      _id: viewer._id,
      phoneNumber: `+91${phone}`,
      isSubscribed: false,
      activeSubscription: null,
    });
    const claims = await new AccessTokenVerifier(keys.publicKey, {
      issuer: DEFAULT_JWT_ISSUER,
      audience: DEFAULT_JWT_AUDIENCE,
    }).verify(session.token);
    expect(claims).toMatchObject({ sub: viewer._id, role: 'user' });
    expect(claims.exp - claims.iat).toBe(15 * 60);
  });

  it('uses a code once', async () => {
    const phone = freshPhone();
    await sendOtp(phone);
    const code = await latestCode(phone);
    await verifyOtp(phone, code);
    await expect(verifyOtp(phone, code)).rejects.toMatchObject({ code: ErrorCode.OTP_EXPIRED });
  });

  it('gives a session to only one of two requests racing with the right code', async () => {
    const phone = freshPhone();
    await sendOtp(phone);
    const code = await latestCode(phone);
    const results = await Promise.allSettled([verifyOtp(phone, code), verifyOtp(phone, code)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });

  it('voids a code after 5 wrong guesses: the sixth attempt fails even with the right code', async () => {
    const phone = freshPhone();
    await sendOtp(phone);
    const code = await latestCode(phone);
    for (let i = 0; i < 5; i++) {
      await expect(verifyOtp(phone, wrongCode(code))).rejects.toMatchObject({
        code: ErrorCode.OTP_INVALID,
        message: 'Failed to verify OTP.',
      });
    }
    await expect(verifyOtp(phone, code)).rejects.toMatchObject({ code: ErrorCode.OTP_ATTEMPTS_EXCEEDED });
  });

  it('wrong OTP guesses from A leave the code working from B', async () => {
    const phone = freshPhone();
    const owner = '203.0.113.80';
    await sendOtp(phone, owner);
    const code = await latestCode(phone);
    // A stranger spends every guess from one IPv6 network, moving about inside its /64.
    for (let i = 0; i < 5; i++)
      await expect(verifyOtp(phone, wrongCode(code), `2001:db8:7:7::${i + 1}`)).rejects.toMatchObject({
        code: ErrorCode.OTP_INVALID,
      });
    await expect(verifyOtp(phone, code, '2001:db8:7:7::ff')).rejects.toMatchObject({
      code: ErrorCode.OTP_ATTEMPTS_EXCEEDED,
    });
    // The owner's code still works from the owner's address.
    await expect(verifyOtp(phone, code, owner)).resolves.toMatchObject({ phoneNumber: `+91${phone}` });
  });

  it('accepts the right code on the fifth attempt', async () => {
    const phone = freshPhone();
    await sendOtp(phone);
    const code = await latestCode(phone);
    for (let i = 0; i < 4; i++) await expect(verifyOtp(phone, wrongCode(code))).rejects.toBeDefined();
    await expect(verifyOtp(phone, code)).resolves.toMatchObject({ phoneNumber: `+91${phone}` });
  });

  it('asks for a code first when none was sent to the number', async () => {
    await expect(verifyOtp(freshPhone(), '123456')).rejects.toMatchObject({
      code: ErrorCode.OTP_NOT_REQUESTED,
      message: 'Please request OTP first',
    });
  });

  it('refuses malformed codes before looking at them', async () => {
    await expect(verifyOtp(freshPhone(), '12ab56')).rejects.toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
    });
    await expect(verifyOtp(freshPhone(), '12345')).rejects.toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
    });
  });

  it('does not count a refused send against the address', async () => {
    const ip = '198.51.100.70';
    const phone = freshPhone();
    await sendOtp(phone, ip);
    for (let i = 0; i < 10; i++)
      await expect(sendOtp(phone, ip)).rejects.toMatchObject({ code: ErrorCode.RATE_LIMITED });
    // 1 accepted + 10 refused (the number's 60 s wait) from one address: it has used 1 of its 20.
    for (let i = 0; i < 19; i++) await sendOtp(freshPhone(), ip);
    await expect(sendOtp(freshPhone(), ip)).rejects.toMatchObject({ code: ErrorCode.RATE_LIMITED });
  });

  it('answers the development outbox newest last', async () => {
    const phone = freshPhone();
    await sendOtp(phone);
    // Skips the number's 60 s wait and this address's wait for it.
    await redis.del(`auth:otp:resend:+91${phone}`, `auth:otp:resend:+91${phone}:from:203.0.113.7`);
    await sendOtp(phone);
    const outbox = await rpc().call(Subjects.auth.otpOutbox, { phoneNumber: phone });
    expect(outbox.phoneNumber).toBe(`+91${phone}`);
    expect(outbox.codes).toHaveLength(2);
    expect(outbox.codes[0].sentAt <= outbox.codes[1].sentAt).toBe(true);
    // The newer code replaced the older one.
    await expect(verifyOtp(phone, outbox.codes[0].otp)).rejects.toMatchObject({
      code: ErrorCode.OTP_INVALID,
    });
    await expect(verifyOtp(phone, outbox.codes[1].otp)).resolves.toBeDefined();
  });
});

describe('code lifetime and the address limit (short windows)', () => {
  const { sendOtp, verifyOtp, outbox } = authUnderTest({
    OTP_TTL_SECONDS: '1',
    OTP_RESEND_SECONDS: '0',
    OTP_IP_WINDOW_SECONDS: '3',
  });

  it('refuses an expired code', async () => {
    const phone = freshPhone();
    await sendOtp(phone, '198.51.100.1');
    const sent = await outbox(phone);
    await new Promise((r) => setTimeout(r, 1300));
    await expect(verifyOtp(phone, sent.codes[0].otp)).rejects.toMatchObject({ code: ErrorCode.OTP_EXPIRED });
  });

  it('allows 20 sends per client address in the window, whatever the numbers, then refuses until it has passed', async () => {
    const ip = '2001:db8:0:1::42';
    for (let i = 0; i < 20; i++) await sendOtp(freshPhone(), ip);
    const refused = await sendOtp(freshPhone(), ip).catch((e: { retryAfterSeconds: number }) => e);
    expect(refused).toMatchObject({ code: ErrorCode.RATE_LIMITED, retryAfterSeconds: expect.any(Number) });
    expect((refused as { retryAfterSeconds: number }).retryAfterSeconds).toBeLessThanOrEqual(3);
    // Its /64 is one client; another network is not held back.
    await expect(sendOtp(freshPhone(), '2001:db8:0:1::43')).rejects.toMatchObject({
      code: ErrorCode.RATE_LIMITED,
    });
    await expect(sendOtp(freshPhone(), '2001:db8:0:2::42')).resolves.toMatchObject({ success: true });
    await new Promise((r) => setTimeout(r, 3100));
    await expect(sendOtp(freshPhone(), ip)).resolves.toMatchObject({ success: true });
  });
});

describe("the waits between a number's codes (1 s; an address's own wait doubling up to 2 s, remembered 4 s)", () => {
  const { sendOtp, verifyOtp, latestCode } = authUnderTest(
    { OTP_RESEND_SECONDS: '1', OTP_RESEND_MAX_SECONDS: '2', OTP_PHONE_WINDOW_SECONDS: '4' },
    '198.51.100.40',
  );
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => ({ code: 'ANSWERED', retryAfterSeconds: 0 }),
      (e: { code: string; retryAfterSeconds: number }) => e,
    );
  const sleep = (seconds: number) => new Promise((r) => setTimeout(r, seconds * 1000 + 150));

  it("the owner can resend after a stranger's sends once the first wait passes", async () => {
    const phone = freshPhone();
    const stranger = '198.51.100.50';
    const waits: number[] = [];
    for (let send = 0; send < 4; send++) {
      if (send > 0) await sleep(waits[send - 1]);
      const reply = await sendOtp(phone, stranger);
      waits.push(reply.resendAfterSeconds);
      // Asking again at once is refused, with the wait that is left as Retry-After.
      const early = await refusal(sendOtp(phone, stranger));
      expect(early).toMatchObject({ code: ErrorCode.RATE_LIMITED, message: SignInMessages.tooManyRequests });
      expect(early.retryAfterSeconds).toBe(reply.resendAfterSeconds);
    }
    // The stranger's own wait grows, capped.
    expect(waits).toEqual([1, 2, 2, 2]);

    // The owner, from another address, waits only the first wait after the stranger's last send...
    const owner = '203.0.113.200';
    const early = await refusal(sendOtp(phone, owner));
    expect(early).toMatchObject({ code: ErrorCode.RATE_LIMITED });
    expect(early.retryAfterSeconds).toBeLessThanOrEqual(1);
    await sleep(1);
    // ...then gets a code (while the stranger still waits) and signs in with it.
    await expect(sendOtp(phone, owner)).resolves.toMatchObject({ success: true, resendAfterSeconds: 1 });
    expect(await refusal(sendOtp(phone, stranger))).toMatchObject({ code: ErrorCode.RATE_LIMITED });
    await expect(verifyOtp(phone, await latestCode(phone), owner)).resolves.toMatchObject({
      phoneNumber: `+91${phone}`,
    });
  });

  it('goes back to the first wait once the number has had no code for the remembered window', async () => {
    const phone = freshPhone();
    expect((await sendOtp(phone)).resendAfterSeconds).toBe(1);
    await sleep(1);
    expect((await sendOtp(phone)).resendAfterSeconds).toBe(2);
    await sleep(4);
    expect((await sendOtp(phone)).resendAfterSeconds).toBe(1);
  });
});
