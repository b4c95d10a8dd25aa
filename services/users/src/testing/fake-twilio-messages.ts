import {
  basicAuthorised,
  formFields,
  HttpStandIn,
  twilioError,
  type StandInRequest,
} from '@chitram/test-helpers';

export const FAKE_TWILIO_MESSAGING = {
  accountSid: `AC${'0'.repeat(31)}1`,
  authToken: 'fake-twilio-auth-token',
  messagingServiceSid: `MG${'0'.repeat(31)}3`,
};

export interface ReceivedMessage {
  to: string;
  body: string;
  messagingServiceSid: string;
}

/**
 * A local stand-in of Twilio's Messages API (POST /2010-04-01/Accounts/{sid}/Messages.json) with its
 * documented answers: Basic authentication with the account SID and token (401/20003), `To` and a
 * sender required (400/21604, 21703), 201 with a queued message. The real `twilio` SDK talks to it.
 */
export class FakeTwilioMessages extends HttpStandIn {
  readonly messages: ReceivedMessage[] = [];
  /** Answers 500 to the next request when set. */
  failNext = false;

  to(phoneNumber: string): ReceivedMessage[] {
    return this.messages.filter((message) => message.to === phoneNumber);
  }

  protected answer(request: StandInRequest) {
    const { accountSid, authToken } = FAKE_TWILIO_MESSAGING;
    if (!basicAuthorised(request, accountSid, authToken)) return twilioError(401, 20003, 'Authenticate');
    if (request.method !== 'POST' || request.path !== `/2010-04-01/Accounts/${accountSid}/Messages.json`)
      return twilioError(404, 20404, `The requested resource ${request.path} was not found`);
    if (this.failNext) {
      this.failNext = false;
      return twilioError(500, 20500, 'Internal Server Error');
    }
    const form = formFields(request.body);
    if (!form.To) return twilioError(400, 21604, "A 'To' phone number is required.");
    if (!form.MessagingServiceSid && !form.From) return twilioError(400, 21703, 'A sender is required.');
    this.messages.push({ to: form.To, body: form.Body ?? '', messagingServiceSid: form.MessagingServiceSid });
    return {
      status: 201,
      body: {
        sid: `SM${String(this.messages.length).padStart(32, '0')}`,
        account_sid: accountSid,
        messaging_service_sid: form.MessagingServiceSid ?? null,
        to: form.To,
        body: form.Body,
        status: 'queued',
        num_segments: '1',
      },
    };
  }
}
