import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  CATEGORIES,
  LANGUAGES,
  type CategoryEpisodes,
  type Movie,
  type StreamAnswer,
} from '@chitram/contracts';
import { loadConfig } from '@chitram/nest-kit';
import { isolatedEnv, testInfrastructure, testObjectStorage, testSigningKeys } from '@chitram/test-helpers';
import type { TestObjectStorage } from '@chitram/test-helpers';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createGatewayApp } from '../app';
import { GatewayConfig } from '../config';
import { startServiceProcesses, type RunningProcesses } from '../testing/service-processes';
import { freePort } from '../testing/media-fixtures';

// Everything in the demo catalogue plays (issue 19): the demo is loaded as `npm start` loads it (the
// seed's own command, scripts/seed/index.mjs --videos, which returns once every title's video is
// ready: a few transcoded sources, copies of them for the rest), into the real services; then a Gold
// viewer gets a stream grant for every film and every episode, and Gold's and Premium's top renditions
// are among them.

jest.setTimeout(900_000);

const ROOT = path.resolve(__dirname, '../../..');
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36';

describe('the demo catalogue, settled', () => {
  const isolation = isolatedEnv();
  const keys = testSigningKeys();
  const mediaToken = randomBytes(32).toString('hex');
  let s3: TestObjectStorage;
  let services: RunningProcesses;
  let app: NestFastifyApplication;
  let address: string;
  let work: string;

  async function call(
    method: string,
    route: string,
    { token, body }: { token?: string; body?: unknown } = {},
  ): Promise<{ status: number; json: unknown; text: string }> {
    const res = await fetch(`${address}${route}`, {
      method,
      headers: {
        'user-agent': DESKTOP,
        'x-forwarded-for': '10.19.0.7',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: res.status, json, text };
  }

  /** The seed, as `npm start` runs it, to its end. */
  function seedDemo(env: Record<string, string>): Promise<string> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, ['scripts/seed/index.mjs', '--videos', work], {
        cwd: ROOT,
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.on('error', reject);
      child.on('exit', (code) =>
        code === 0 ? resolve(output) : reject(new Error(`the seed exited ${code}:\n${output}`)),
      );
    });
  }

  beforeAll(async () => {
    s3 = await testObjectStorage();
    work = await mkdtemp(path.join(tmpdir(), 'chitram-demo-'));
    const mediaPort = await freePort();
    const shared = { ...isolation.env, MEDIA_INTERNAL_TOKEN: mediaToken };
    services = await startServiceProcesses(['auth', 'users', 'billing', 'catalog', 'media'], shared, {
      auth: { JWT_PRIVATE_KEY: keys.privatePem, OTP_RESEND_SECONDS: '0' },
      media: { ...s3.env, MEDIA_HTTP_PORT: String(mediaPort), VIDEO_UPLOAD_DIR: path.join(work, 'uploads') },
    });
    const config = loadConfig(GatewayConfig, {
      ...testInfrastructure(),
      LOG_LEVEL: 'silent',
      RPC_TIMEOUT_MS: '10000',
      MEDIA_URL: `http://127.0.0.1:${mediaPort}`,
      MEDIA_INTERNAL_TOKEN: mediaToken,
      JWT_PUBLIC_KEY: keys.publicPem,
      REDIS_KEY_PREFIX: isolation.env.REDIS_KEY_PREFIX,
      EVENTS_SUBJECT_ROOT: isolation.env.EVENTS_SUBJECT_ROOT,
    });
    app = await createGatewayApp(config);
    await app.listen(0, '127.0.0.1');
    address = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    await seedDemo({
      ...shared,
      NATS_URL: testInfrastructure().NATS_URL,
      MEDIA_URL: `http://127.0.0.1:${mediaPort}`,
    });
  });

  afterAll(async () => {
    await app?.close();
    await services?.stop();
    await s3?.destroy();
    await isolation.cleanUp();
    await rm(work, { recursive: true, force: true });
  });

  it('gives a Gold viewer a stream of every film and every episode, up to 2160p', async () => {
    // Every title, as a viewer's lists show them: films by language, episodes by category.
    const movies: Movie[] = [];
    for (const language of LANGUAGES)
      movies.push(...((await call('GET', `/api/home/languages/${language}`)).json as Movie[]));
    const episodes = (
      await Promise.all(CATEGORIES.map((c) => call('GET', `/api/series/category/${c}/episodes`)))
    ).flatMap((answer) => (answer.json as CategoryEpisodes).episodes);
    expect(movies.length).toBeGreaterThanOrEqual(60);
    expect(episodes.length).toBeGreaterThanOrEqual(30);
    expect([...movies, ...episodes].filter((t) => !t.playable).map((t) => t.title)).toEqual([]);

    // A Gold viewer on a computer.
    const phone = String(7_200_000_000 + Math.floor(Math.random() * 700_000_000));
    expect((await call('POST', '/api/user/send-otp', { body: { phoneNumber: phone } })).status).toBe(200);
    const outbox = (await call('GET', `/api/dev/otp-outbox?phone=%2B91${phone}`)).json as {
      codes: Array<{ otp: string }>;
    };
    const { token } = (
      await call('POST', '/api/user/verify-otp', {
        body: { phoneNumber: `+91${phone}`, otp: outbox.codes.at(-1)!.otp },
      })
    ).json as { token: string };
    const order = (await call('POST', '/api/checkout/create-order', { token, body: { planKey: 'gold' } }))
      .json as { orderId: string };
    const paid = (
      await call('POST', '/api/dev/payments-sandbox/pay', { token, body: { orderId: order.orderId } })
    ).json as object;
    expect(
      (await call('POST', '/api/checkout/verify-payment', { token, body: { ...paid, planKey: 'gold' } }))
        .status,
    ).toBe(200);

    const grants = new Map<string, StreamAnswer>();
    const refused: string[] = [];
    const routes = [
      ...movies.map((m) => [m.title, `/api/movie/${m._id}/stream`]),
      ...episodes.map((e) => [e.title, `/api/series/episodes/${e._id}/stream`]),
    ];
    for (const [title, route] of routes) {
      const answer = await call('GET', route, { token });
      if (answer.status === 200) grants.set(title, answer.json as StreamAnswer);
      else refused.push(`${title}: ${answer.status} ${answer.text}`);
    }
    expect(refused).toEqual([]);
    expect(grants.size).toBe(routes.length);
    const tops = new Set([...grants.values()].map((g) => Math.max(...g.renditions)));
    expect(tops).toContain(2160);
    expect(tops).toContain(1440);

    // A copy plays from its own grant, bound to its own title: its master playlist lists Gold's ladder.
    const [fourK] = [...grants.values()].filter((g) => g.renditions.includes(2160));
    const master = await call('GET', fourK.movieUrl, { token });
    expect(master.status).toBe(200);
    expect(master.text).toContain('RESOLUTION=3840x2160');
  });
});
