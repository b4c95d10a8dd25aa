import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  ErrorCode,
  STREAM_PASS_COOKIE,
  Subjects,
  type AdminMovie,
  type MovieSaved,
  type StreamAnswer,
  type VideoStatus,
} from '@chitram/contracts';
import { connectNats, RpcClient } from '@chitram/nest-kit';
import {
  isolatedEnv,
  testInfrastructure,
  testObjectStorage,
  testSigningKeys,
  waitFor,
  type TestObjectStorage,
} from '@chitram/test-helpers';
import type { NatsConnection } from 'nats';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { signedAs } from '../testing/access-tokens';
import { listeningTestGateway } from '../testing/test-gateway';
import { startServiceProcesses, type RunningProcesses } from '../testing/service-processes';
import { freePort, testVideo } from '../testing/media-fixtures';
import { viewerClient, type Answer } from '../testing/viewer-client';

// Stream grants and the signed stream through the gateway (SPEC §4.5; DECISIONS D20–D24), with the
// real auth, users, billing, catalog and media services behind it: the stream pass cookie that lets a
// player without the bearer token (Safari's own HLS) play, and what the grants keep for a few seconds.

jest.setTimeout(180_000);

let nextPhone = 7_100_000_000 + Math.floor(Math.random() * 800_000_000);

describe('playing through the gateway', () => {
  const isolation = isolatedEnv();
  const keys = testSigningKeys();
  let s3: TestObjectStorage;
  let services: RunningProcesses;
  let nats: NatsConnection;
  let rpc: RpcClient;
  let app: NestFastifyApplication;
  let address: string;
  let work: string;
  let admin: string;
  let movie: MovieSaved['movie'];

  const viewer = viewerClient(() => address);
  const { call, signIn } = viewer;

  /** Buys a plan through the payments sandbox, as the checkout page does. */
  async function buy(token: string, planKey: string): Promise<void> {
    const paid = await viewer.payInSandbox(token, planKey);
    expect((await call('POST', '/api/checkout/verify-payment', { token, body: paid })).status).toBe(200);
  }

  const grant = (token?: string) => call('GET', `/api/movie/${movie._id}/stream`, { token });
  /** The stream pass a grant (or heartbeat) set, as the browser would send it back. */
  const passOf = (answer: Answer) => {
    const cookie = answer.headers.getSetCookie().find((c) => c.startsWith(`${STREAM_PASS_COOKIE}=`));
    return cookie?.split(';')[0];
  };
  const uris = (playlist: string) => playlist.split('\n').filter((line) => line && !line.startsWith('#'));

  beforeAll(async () => {
    s3 = await testObjectStorage();
    work = await mkdtemp(path.join(tmpdir(), 'chitram-playback-'));
    const mediaPort = await freePort();
    services = await startServiceProcesses(['auth', 'users', 'billing', 'catalog', 'media'], isolation.env, {
      auth: { JWT_PRIVATE_KEY: keys.privatePem, OTP_RESEND_SECONDS: '0' },
      media: { ...s3.env, MEDIA_HTTP_PORT: String(mediaPort), VIDEO_UPLOAD_DIR: path.join(work, 'uploads') },
    });
    nats = await connectNats(testInfrastructure().NATS_URL, 'playback-test');
    rpc = new RpcClient(nats, 10_000);
    ({ app, address } = await listeningTestGateway({
      ...testInfrastructure(),
      RPC_TIMEOUT_MS: '10000',
      MEDIA_URL: `http://127.0.0.1:${mediaPort}`,
      JWT_PUBLIC_KEY: keys.publicPem,
      REDIS_KEY_PREFIX: isolation.env.REDIS_KEY_PREFIX,
      EVENTS_SUBJECT_ROOT: isolation.env.EVENTS_SUBJECT_ROOT,
    }));
    admin = await signedAs(keys.privatePem, 'admin');

    // A paid film whose video an admin uploads, transcoded for real.
    movie = (
      await rpc.call(Subjects.catalog.movies.create, {
        title: `Tungabhadra Dawn ${randomBytes(3).toString('hex')}`,
        description: 'Two ferrymen, one river, and a wedding on the far bank.',
        cast: ['Raghav Rao', 'Lakshmi Devi'],
        genre: ['Drama'],
        language: 'Kannada',
        rating: 'U',
        releaseYear: 2023,
        duration: '1hr 40min',
        thumbnailUrl: 'https://images.example.com/dawn/poster.jpg',
        bannerUrl: 'https://images.example.com/dawn/banner.jpg',
        titlePngUrl: 'https://images.example.com/dawn/title.png',
      })
    ).movie;
    const video = JSON.parse(
      (
        await call('POST', '/api/admin/videos', {
          token: admin,
          body: { ownerKind: 'movie', ownerId: movie._id },
        })
      ).text,
    ) as VideoStatus;
    const film = await testVideo(path.join(work, 'film.mp4'), 4, 480);
    const tus = { 'tus-resumable': '1.0.0' };
    const created = await call('POST', `/api/admin/videos/${video.videoId}/upload`, {
      token: admin,
      headers: { ...tus, 'upload-length': String(film.length) },
    });
    const sent = await call('PATCH', created.headers.get('location')!, {
      token: admin,
      body: film,
      headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    });
    expect(sent.status).toBe(204);
    await waitFor(
      async () => {
        const shown = JSON.parse(
          (await call('GET', `/api/admin/movies/${movie._id}`, { token: admin })).text,
        ) as AdminMovie;
        return shown.video?.state === 'ready';
      },
      120_000,
      300,
    );
  });

  afterAll(async () => {
    await app?.close();
    await nats?.close();
    await services?.stop();
    await s3?.destroy();
    await isolation.cleanUp();
    await rm(work, { recursive: true, force: true });
  });

  it("plays a viewer's stream with the stream pass cookie alone (Safari's own HLS), and no one else's", async () => {
    const viewer = await signIn();
    await buy(viewer.token, 'standard');
    const granted = await grant(viewer.token);
    expect(granted.status).toBe(200);
    const answer = JSON.parse(granted.text) as StreamAnswer & { pass?: string };
    expect(answer).toMatchObject({ kind: 'hls', maxResolution: 1080, renditions: [360, 480] });
    expect(answer.pass).toBeUndefined();
    const setCookie = granted.headers.getSetCookie().find((c) => c.startsWith(`${STREAM_PASS_COOKIE}=`))!;
    expect(setCookie).toMatch(/; Path=\/api\/stream; Max-Age=\d+; HttpOnly; SameSite=Strict/);
    const pass = passOf(granted)!;

    // No Authorization header: the cookie says whose it is, for the master, a rendition and a segment.
    const master = await call('GET', answer.movieUrl, { cookie: pass });
    expect(master.status).toBe(200);
    const rendition = await call('GET', uris(master.text).at(-1)!, { cookie: pass });
    expect(rendition.status).toBe(200);
    const segment = uris(rendition.text)[0];
    const bytes = await call('GET', segment, { cookie: pass });
    expect(bytes.status).toBe(200);
    expect(bytes.headers.get('content-type')).toBe('video/mp2t');
    // D35: the segment is encrypted; its key comes through the gateway, by the cookie too, kept by no one.
    const key = /^#EXT-X-KEY:METHOD=AES-128,URI="([^"]+)"/m.exec(rendition.text)![1];
    expect(key).toMatch(/^\/api\/stream\/[^/]+\/key\/0000$/);
    const keyAnswer = await call('GET', key, { cookie: pass });
    expect(keyAnswer.status).toBe(200);
    expect(keyAnswer.headers.get('cache-control')).toBe('private, no-store');
    expect((await call('GET', key, { token: viewer.token })).status).toBe(200);

    // Nothing, another viewer's pass, or an altered one: 403.
    const other = await signIn();
    await buy(other.token, 'standard');
    const otherPass = passOf(await grant(other.token))!;
    for (const cookie of [undefined, otherPass, `${pass.slice(0, -4)}AAAA`]) {
      for (const url of [answer.movieUrl, segment, key]) {
        const refused = await call('GET', url, { cookie });
        expect([url, cookie, refused.status]).toEqual([url, cookie, 403]);
        expect(JSON.parse(refused.text).code).toBe(ErrorCode.STREAM_FORBIDDEN);
      }
    }

    // Heartbeats renew the pass; signing out ends it at once.
    const beat = await call('POST', '/api/playback/heartbeat', {
      token: viewer.token,
      body: { kind: 'movie', titleId: movie._id, positionSeconds: 2, durationSeconds: 4 },
    });
    expect(beat.status).toBe(200);
    expect(JSON.parse(beat.text)).toEqual({ held: true });
    const renewed = passOf(beat)!;
    expect((await call('GET', segment, { cookie: renewed })).status).toBe(200);
    expect((await call('POST', '/api/auth/logout', { token: viewer.token })).status).toBe(200);
    expect((await call('GET', segment, { cookie: renewed })).status).toBe(403);
  });

  it('plays a film on to its end when the plan expires mid-film, but starts no stream after it', async () => {
    const viewer = await signIn();
    await buy(viewer.token, 'standard');
    const answer = JSON.parse((await grant(viewer.token)).text) as StreamAnswer;
    const master = await call('GET', answer.movieUrl, { token: viewer.token });
    const rendition = uris(master.text).at(-1)!;
    const segments = uris((await call('GET', rendition, { token: viewer.token })).text);
    expect((await call('GET', segments[0], { token: viewer.token })).status).toBe(200);

    // The prepaid months run out while the film plays (D17): billing now says "not subscribed".
    await services.query(
      'billing',
      `UPDATE "subscription" SET "valid_till" = now() - interval '1 second' WHERE "viewer_id" = $1`,
      [viewer._id],
    );
    const refused = await waitFor(
      async () => {
        const again = await grant(viewer.token);
        return again.status === 200 ? undefined : again;
      },
      10_000,
      200,
    );
    expect(JSON.parse(refused.text).code).toBe(ErrorCode.UNAUTHORIZED_ACCESS);

    // The film in hand plays on: the heartbeat keeps its screen and renews the pass, and the rendition
    // token still opens its playlist and the rest of its segments (with the bearer token or the pass).
    const beat = await call('POST', '/api/playback/heartbeat', {
      token: viewer.token,
      body: { kind: 'movie', titleId: movie._id, positionSeconds: 2, durationSeconds: 4 },
    });
    expect(beat.status).toBe(200);
    expect(JSON.parse(beat.text)).toEqual({ held: true });
    expect((await call('GET', rendition, { token: viewer.token })).status).toBe(200);
    for (const segment of segments.slice(1))
      expect((await call('GET', segment, { token: viewer.token })).status).toBe(200);
    expect((await call('GET', segments.at(-1)!, { cookie: passOf(beat) })).status).toBe(200);
    // Starting the film again is a new stream: refused like any other title.
    expect(JSON.parse((await grant(viewer.token)).text).code).toBe(ErrorCode.UNAUTHORIZED_ACCESS);
  });

  it("frees a viewer's screen at once on signing out, so another device plays without waiting out its hold", async () => {
    const phone = String(nextPhone++);
    const tv = await signIn(phone);
    await buy(tv.token, 'standard'); // two screens
    const laptop = await signIn(phone);
    const phoneScreen = await signIn(phone);
    expect((await grant(tv.token)).status).toBe(200);
    expect((await grant(laptop.token)).status).toBe(200);
    const refused = await grant(phoneScreen.token);
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.text)).toMatchObject({ code: ErrorCode.STREAM_LIMIT_REACHED, limit: 2 });
    expect((await call('POST', '/api/auth/logout', { token: tv.token })).status).toBe(200);
    expect((await grant(phoneScreen.token)).status).toBe(200);
  });

  it('frees every screen of a viewer an admin signs out everywhere: the streams stop, the next sign-in plays at once', async () => {
    const phone = String(nextPhone++);
    const tv = await signIn(phone);
    await buy(tv.token, 'standard'); // two screens
    const laptop = await signIn(phone);
    const playing = JSON.parse((await grant(tv.token)).text) as StreamAnswer;
    const rendition = uris((await call('GET', playing.movieUrl, { token: tv.token })).text).at(-1)!;
    expect((await grant(laptop.token)).status).toBe(200);
    expect((await call('POST', `/api/admin/users/${tv._id}/sign-out`, { token: admin })).status).toBe(200);
    // The ended session's stream stops: its token is refused.
    expect((await call('GET', rendition, { token: tv.token })).status).toBe(401);
    // Tokens issued in the second of the sign-out count as issued before it (whole seconds): the viewer
    // signs in again from the next one.
    const signedOutIn = Math.floor(Date.now() / 1000);
    await waitFor(async () => Math.floor(Date.now() / 1000) > signedOutIn, 2000, 20);
    const again = await signIn(phone);
    expect((await grant(again.token)).status).toBe(200);
    const another = await signIn(phone);
    expect((await grant(another.token)).status).toBe(200);
  });

  it("keeps a title's source and a viewer's plan a few seconds, forgetting them at once when they change", async () => {
    // Without a plan: refused, and the refusal is not kept (the viewer who just paid plays at once).
    const viewer = await signIn();
    expect(JSON.parse((await grant(viewer.token)).text).code).toBe(ErrorCode.UNAUTHORIZED_ACCESS);
    await buy(viewer.token, 'basic');
    // Basic is phones only (D20): this computer is refused, with the plan now known.
    expect(JSON.parse((await grant(viewer.token)).text).code).toBe(ErrorCode.DEVICE_NOT_ALLOWED);
    // A better plan replaces it: the gateway hears it (well within the few seconds it keeps a plan).
    await buy(viewer.token, 'premium');
    const upgraded = await waitFor(
      async () => {
        const answer = await grant(viewer.token);
        return answer.status === 200 ? (JSON.parse(answer.text) as StreamAnswer) : undefined;
      },
      2500,
      100,
    );
    expect(upgraded.maxResolution).toBe(1440);

    // A visitor is asked to sign in, until the admin makes the title free (the catalog announces it).
    expect(JSON.parse((await grant()).text).code).toBe(ErrorCode.UNAUTHORIZED_ACCESS);
    await rpc.call(Subjects.catalog.movies.update, { id: movie._id, isFree: true });
    const free = await waitFor(
      async () => {
        const answer = await grant();
        return answer.status === 200 ? (JSON.parse(answer.text) as StreamAnswer) : undefined;
      },
      2500,
      100,
    );
    expect(free).toMatchObject({ kind: 'hls', maxResolution: 720, isSubscribed: false });
    await rpc.call(Subjects.catalog.movies.update, { id: movie._id, isFree: false });
  });
});
