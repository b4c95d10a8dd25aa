import { randomUUID } from 'node:crypto';
import { Events, Subjects, type PlanEndReminderDue } from '@chitram/contracts';
import { busSubject, connectNats, RpcClient, type EventEnvelope } from '@chitram/nest-kit';
import {
  consumerAcknowledged,
  isolatedEnv,
  startTestService,
  testInfrastructure,
  waitFor,
  type TestService,
} from '@chitram/test-helpers';
import { JSONCodec, type NatsConnection } from 'nats';
import { usersService } from '../service';
import { FAKE_TWILIO_MESSAGING, FakeTwilioMessages } from '../testing/fake-twilio-messages';

// Plan-end reminders as the users service sends them (D40), on real Postgres, NATS and JetStream, with
// the real `twilio` SDK talking to a local stand-in of Twilio's Messages API. Billing's events are
// published as its outbox relay would (billing's own spec shows each is written once across instances).

describe('the users service sends plan-end reminders by SMS', () => {
  const isolation = isolatedEnv();
  const twilio = new FakeTwilioMessages();
  let users: TestService;
  let nats: NatsConnection;
  let rpc: RpcClient;

  const newViewer = async () => {
    const phoneNumber = `+919${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
    const viewer = await rpc.call(Subjects.users.findOrCreateViewer, { phoneNumber });
    return { id: viewer._id, phoneNumber };
  };
  const reminder = (viewerId: string, kind: PlanEndReminderDue['kind'] = '3-days'): PlanEndReminderDue => ({
    viewerId,
    planKey: 'gold',
    planName: 'Gold Plan',
    kind,
    endsAt: '2026-12-09T09:30:00.000Z',
    daysLeft: kind === '3-days' ? 3 : kind === '1-day' ? 1 : 0,
  });
  /** Publishes as billing's relay does (`msgId`: the stream's copy check); answers the stream sequence. */
  const publish = async (payload: PlanEndReminderDue, id: string = randomUUID(), msgId = id) => {
    const envelope: EventEnvelope<PlanEndReminderDue> = {
      id,
      subject: Events.planEndReminderDue,
      occurredAt: new Date().toISOString(),
      payload,
    };
    const ack = await nats
      .jetstream()
      .publish(busSubject(isolation.env, Events.planEndReminderDue), JSONCodec().encode(envelope), {
        msgID: msgId,
      });
    return ack.seq;
  };
  const handled = (seq: number) =>
    consumerAcknowledged(nats, isolation.env.EVENTS_STREAM, 'users-plan-end-reminders', seq);

  beforeAll(async () => {
    await twilio.start();
    users = await startTestService(usersService, {
      env: {
        ...isolation.env,
        SMS_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID: FAKE_TWILIO_MESSAGING.accountSid,
        TWILIO_AUTH_TOKEN: FAKE_TWILIO_MESSAGING.authToken,
        TWILIO_SMS_FROM: FAKE_TWILIO_MESSAGING.messagingServiceSid,
        TWILIO_API_BASE_URL: twilio.baseUrl,
        PUBLIC_URL: 'https://chitram.example.com',
      },
    });
    nats = await connectNats(testInfrastructure().NATS_URL, 'users-reminders-test');
    rpc = new RpcClient(nats, 5000);
  });

  afterAll(async () => {
    await nats?.close();
    await users?.destroy();
    await twilio.stop();
    await isolation.cleanUp();
  });

  it('texts the account’s number once per reminder, with a link to the plans page, even when redelivered', async () => {
    const viewer = await newViewer();
    const id = randomUUID();
    await publish(reminder(viewer.id), id);
    // The same event again, as a relay that published after the stream's copy window would: sent once.
    await handled(await publish(reminder(viewer.id), id, randomUUID()));
    expect(twilio.to(viewer.phoneNumber)).toEqual([
      {
        to: viewer.phoneNumber,
        messagingServiceSid: FAKE_TWILIO_MESSAGING.messagingServiceSid,
        body: "Chitram: your Gold Plan ends in 3 days (9 Dec). Plans don't renew by themselves. Renew: https://chitram.example.com/subscribe",
      },
    ]);
  });

  it('tries again when Twilio fails, and sends once', async () => {
    const viewer = await newViewer();
    twilio.failNext = true;
    await publish(reminder(viewer.id, 'day-of'));
    await waitFor(async () => twilio.to(viewer.phoneNumber).length > 0, 30_000);
    expect(twilio.to(viewer.phoneNumber).map((m) => m.body)).toEqual([
      expect.stringContaining('ends today.'),
    ]);
  });

  it('sends nothing to a viewer who turned SMS reminders off, and again once turned on', async () => {
    const viewer = await newViewer();
    expect(await rpc.call(Subjects.users.reminders.get, { id: viewer.id })).toEqual({ smsReminders: true });
    expect(await rpc.call(Subjects.users.reminders.update, { id: viewer.id, smsReminders: false })).toEqual({
      smsReminders: false,
    });
    await handled(await publish(reminder(viewer.id, '3-days')));
    expect(twilio.to(viewer.phoneNumber)).toEqual([]);

    await rpc.call(Subjects.users.reminders.update, { id: viewer.id, smsReminders: true });
    await handled(await publish(reminder(viewer.id, '1-day')));
    expect(twilio.to(viewer.phoneNumber).map((m) => m.body)).toEqual([expect.stringContaining('in 1 day')]);
  });

  it('sends nothing to the number of a deleted account', async () => {
    const viewer = await newViewer();
    await rpc.call(Subjects.users.deleteViewer, { id: viewer.id });
    await handled(await publish(reminder(viewer.id, '1-day')));
    expect(twilio.to(viewer.phoneNumber)).toEqual([]);
    await expect(rpc.call(Subjects.users.reminders.get, { id: viewer.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('refuses a setting that is not true or false', async () => {
    const viewer = await newViewer();
    await expect(
      rpc.call(Subjects.users.reminders.update, { id: viewer.id, smsReminders: 'no' as never }),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});
