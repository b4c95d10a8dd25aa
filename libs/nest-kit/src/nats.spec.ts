import { natsConnectionSettings } from './nats';

describe('NATS_URL as connection settings', () => {
  it('signs in as the user the URL names, keeps the password out of the addresses and gives the user its own inbox', () => {
    expect(natsConnectionSettings('nats://auth:s3cr%40t@nats:4222')).toEqual({
      servers: ['nats://nats:4222'],
      user: 'auth',
      pass: 's3cr@t',
      inboxPrefix: '_INBOX.auth',
    });
  });

  it('takes the credentials of any of several servers for all of them', () => {
    expect(natsConnectionSettings('nats://a:4222, nats://gateway:pw@b:4222')).toEqual({
      servers: ['nats://a:4222', 'nats://b:4222'],
      user: 'gateway',
      pass: 'pw',
      inboxPrefix: '_INBOX.gateway',
    });
  });

  it('connects anonymously, with the usual inbox, when the URL names no user', () => {
    expect(natsConnectionSettings('nats://127.0.0.1:4222,nats://127.0.0.1:4223')).toEqual({
      servers: ['nats://127.0.0.1:4222', 'nats://127.0.0.1:4223'],
    });
  });
});
