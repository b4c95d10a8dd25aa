import { ErrorCode, Subjects } from '@chitram/contracts';
import { connectNats, createLogger, RpcClient } from '@chitram/nest-kit';
import {
  dumpRedis,
  isolatedEnv,
  startTestService,
  testInfrastructure,
  type TestService,
  testSigningKeys,
} from '@chitram/test-helpers';
import type { NatsConnection } from 'nats';
import { authService } from '../../service';
import { viewersStandIn } from '../../testing/viewers-stand-in';
import { FAKE_TWILIO, FakeTwilioVerify, UNREACHABLE_NUMBER } from '../../testing/fake-twilio-verify';
import { TwilioOtpProvider } from './twilio-otp.provider';

let nextPhone = 7_000_000_000 + Math.floor(Math.random() * 900_000_000);
const freshPhone = () => `+91${nextPhone++}`;

describe('the Twilio Verify provider, through the real twilio SDK against a local Verify API', () => {
  const fake = new FakeTwilioVerify();
  let provider: TwilioOtpProvider;

  beforeAll(async () => {
    const baseUrl = await fake.start();
    provider = new TwilioOtpProvider({ ...FAKE_TWILIO, baseUrl }, createLogger('auth', 'silent'));
  });
  afterAll(() => fake.stop());

  it('starts an SMS verification for the number, authenticated with the account SID and token', async () => {
    const phone = freshPhone();
    await provider.send(phone);
    expect(fake.requests.at(-1)).toEqual({
      path: `/v2/Services/${FAKE_TWILIO.serviceSid}/Verifications`,
      form: { To: phone, Channel: 'sms' },
      authorised: true,
    });
    expect(fake.codeFor(phone)).toMatch(/^\d{6}$/);
  });

  it("approves Twilio's code and calls any other guess wrong", async () => {
    const phone = freshPhone();
    await provider.send(phone);
    const code = fake.codeFor(phone)!;
    expect(await provider.check(phone, code === '000000' ? '111111' : '000000')).toBe('wrong');
    expect(fake.requests.at(-1)?.form).toEqual({ To: phone, Code: expect.any(String) });
    expect(await provider.check(phone, code)).toBe('approved');
    // Approved verifications are gone: Twilio answers 404 (20404), which is our "expired".
    expect(await provider.check(phone, code)).toBe('expired');
  });

  it("turns Twilio's too-many-attempts answer (429, 60202) into exhausted", async () => {
    const phone = freshPhone();
    await provider.send(phone);
    const code = fake.codeFor(phone)!;
    const wrong = code === '999999' ? '888888' : '999999';
    for (let i = 0; i < 5; i++) expect(await provider.check(phone, wrong)).toBe('wrong');
    expect(await provider.check(phone, code)).toBe('exhausted');
  });

  it('calls a check without a pending verification expired (404, 20404)', async () => {
    expect(await provider.check(freshPhone(), '123456')).toBe('expired');
  });

  it("maps Twilio's send refusals to our codes", async () => {
    await expect(provider.send(UNREACHABLE_NUMBER)).rejects.toMatchObject({
      code: ErrorCode.INVALID_PHONE_NUMBER,
      message: 'Invalid phone number. Please check the number',
    });

    const phone = freshPhone();
    for (let i = 0; i < 5; i++) await provider.send(phone);
    await expect(provider.send(phone)).rejects.toMatchObject({
      code: ErrorCode.RATE_LIMITED,
      message: 'Too many requests. Please try again later.',
      retryAfterSeconds: 600,
    });

    fake.failNext = true;
    await expect(provider.send(freshPhone())).rejects.toMatchObject({
      code: ErrorCode.SERVICE_UNAVAILABLE,
      message: 'Failed to send OTP. Please try again.',
    });
    fake.failNext = true;
    await expect(provider.check(phone, '123456')).rejects.toMatchObject({
      code: ErrorCode.SERVICE_UNAVAILABLE,
    });
  });

  it('fails cleanly when the credentials are wrong', async () => {
    const wrongToken = new TwilioOtpProvider(
      { ...FAKE_TWILIO, authToken: 'not-the-token', baseUrl: fake.baseUrl },
      createLogger('auth', 'silent'),
    );
    await expect(wrongToken.send(freshPhone())).rejects.toMatchObject({
      code: ErrorCode.SERVICE_UNAVAILABLE,
    });
  });
});

describe('phone sign-in with OTP_PROVIDER=twilio (auth service over NATS, codes kept by Twilio)', () => {
  const fake = new FakeTwilioVerify();
  const isolation = isolatedEnv();
  const users = viewersStandIn();
  let auth: TestService;
  let usersStandIn: TestService;
  let nats: NatsConnection;
  let rpc: RpcClient;

  const sendOtp = (phoneNumber: string) =>
    rpc.call(Subjects.auth.sendOtp, { phoneNumber, clientIp: '203.0.113.50' });
  const verifyOtp = (phoneNumber: string, otp: string) =>
    rpc.call(Subjects.auth.verifyOtp, { phoneNumber, otp, clientIp: '203.0.113.50' });

  beforeAll(async () => {
    const baseUrl = await fake.start();
    usersStandIn = await startTestService(users.definition);
    auth = await startTestService(authService, {
      env: {
        ...isolation.env,
        JWT_PRIVATE_KEY: testSigningKeys().privatePem,
        OTP_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID: FAKE_TWILIO.accountSid,
        TWILIO_AUTH_TOKEN: FAKE_TWILIO.authToken,
        TWILIO_VERIFY_SERVICE_SID: FAKE_TWILIO.serviceSid,
        TWILIO_VERIFY_BASE_URL: baseUrl,
      },
    });
    nats = await connectNats(testInfrastructure().NATS_URL, 'twilio-test');
    rpc = new RpcClient(nats, 5000);
  });

  afterAll(async () => {
    await nats?.close();
    await auth?.destroy();
    await usersStandIn?.destroy();
    await fake.stop();
    await isolation.cleanUp();
  });

  it('signs a viewer in with the code Twilio sent, which Chitram never stores', async () => {
    const phone = freshPhone();
    await sendOtp(phone.slice(3));
    const code = fake.codeFor(phone)!;
    const dump = await dumpRedis(isolation.env.REDIS_KEY_PREFIX);
    expect([...dump.values()].some((text) => text.includes(code))).toBe(false);

    await expect(verifyOtp(phone, code === '000000' ? '111111' : '000000')).rejects.toMatchObject({
      code: ErrorCode.OTP_INVALID,
    });
    const session = await verifyOtp(phone, code);
    expect(session).toMatchObject({
      phoneNumber: phone,
      _id: users.viewers.get(phone)!._id,
      isSubscribed: false,
    });
    await expect(verifyOtp(phone, code)).rejects.toMatchObject({ code: ErrorCode.OTP_EXPIRED });
  });

  it('keeps our own limits in front of Twilio: the sixth guess fails without asking Twilio', async () => {
    const phone = freshPhone();
    await sendOtp(phone);
    const code = fake.codeFor(phone)!;
    const wrong = code === '999999' ? '888888' : '999999';
    for (let i = 0; i < 5; i++)
      await expect(verifyOtp(phone, wrong)).rejects.toMatchObject({ code: ErrorCode.OTP_INVALID });
    const checksBefore = fake.requests.filter((r) => r.path.endsWith('/VerificationCheck')).length;
    await expect(verifyOtp(phone, code)).rejects.toMatchObject({ code: ErrorCode.OTP_ATTEMPTS_EXCEEDED });
    expect(fake.requests.filter((r) => r.path.endsWith('/VerificationCheck')).length).toBe(checksBefore);
  });

  it('lets the viewer ask again at once when Twilio could not send, without lengthening the next wait', async () => {
    const phone = freshPhone();
    fake.failNext = true;
    await expect(sendOtp(phone)).rejects.toMatchObject({
      code: ErrorCode.SERVICE_UNAVAILABLE,
      message: 'Failed to send OTP. Please try again.',
    });
    await expect(sendOtp(phone)).resolves.toMatchObject({ success: true, resendAfterSeconds: 60 });
  });

  it('has no development outbox', async () => {
    await expect(rpc.call(Subjects.auth.otpOutbox, { phoneNumber: freshPhone() })).rejects.toMatchObject({
      code: ErrorCode.NOT_FOUND,
    });
  });
});
