import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ErrorCode, Subjects } from '@chitram/contracts';
import { loadConfig, NUL_PROBLEM, RpcClient } from '@chitram/nest-kit';
import { isolatedEnv, testInfrastructure } from '@chitram/test-helpers';
import request from 'supertest';
import { createGatewayApp } from '../app';
import { GatewayConfig } from '../config';
import { testTokens } from '../testing/access-tokens';
import { multipartBody } from '../testing/multipart';
import { MAX_INPUT_DEPTH } from './input-guards';

jest.setTimeout(60_000);

const ROOT = path.resolve(__dirname, '../../..');
const UUID = '00000000-0000-4000-8000-000000000000';
const BODY_LIMIT = 64 * 1024;

/** A port nothing listens on: media "down", so a request that reaches the upload proxy says so. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A JSON body of `size` bytes, sent over a bare socket in pieces as a browser uploads it. */
function postRaw(port: number, urlPath: string, size: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString();
      // One answer is all this needs; the connection may stay open for the next request.
      if (/\r\n\r\n[\s\S]*\}$/.test(answer)) socket.destroy();
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(answer));
    socket.write(
      `POST ${urlPath} HTTP/1.1\r\nhost: localhost\r\ncontent-type: application/json\r\ncontent-length: ${size}\r\n\r\n`,
    );
    const piece = Buffer.from(`{"a":"${'x'.repeat(64 * 1024 - 8)}`.slice(0, 64 * 1024));
    let sent = 0;
    const more = () => {
      while (sent < size && !socket.destroyed) {
        const part = piece.subarray(0, Math.min(piece.length, size - sent));
        sent += part.length;
        if (!socket.write(part)) return void socket.once('drain', more);
      }
    };
    more();
  });
}

describe('input the gateway refuses before validation', () => {
  const isolation = isolatedEnv();
  const tokens = testTokens();
  const webhooks: Array<{ rawBody: string }> = [];
  let app: NestFastifyApplication;
  let http: ReturnType<typeof request>;
  let gatewayPort: number;
  let admin: string;

  beforeAll(async () => {
    // Services answer in-process: another platform's services on the shared NATS cannot answer instead.
    jest
      .spyOn(RpcClient.prototype, 'uncheckedRequest')
      .mockImplementation((subject: string, data?: unknown) => {
        if (subject === Subjects.billing.webhook) {
          webhooks.push(data as { rawBody: string });
          return Promise.resolve({ handled: true } as never);
        }
        return Promise.resolve({} as never);
      });
    const config = loadConfig(GatewayConfig, {
      ...testInfrastructure(),
      LOG_LEVEL: 'silent',
      JWT_PUBLIC_KEY: tokens.publicPem,
      REDIS_KEY_PREFIX: isolation.env.REDIS_KEY_PREFIX,
      BODY_LIMIT_BYTES: String(BODY_LIMIT),
      MEDIA_URL: `http://127.0.0.1:${await closedPort()}`,
    });
    app = await createGatewayApp(config);
    await app.listen(0, '127.0.0.1');
    gatewayPort = (app.getHttpServer().address() as AddressInfo).port;
    http = request(`http://127.0.0.1:${gatewayPort}`);
    admin = (await tokens.as('admin')).token;
  });

  afterAll(async () => {
    await app?.close();
    jest.restoreAllMocks();
    await isolation.cleanUp();
  });

  describe('nesting and NUL bytes', () => {
    it(`refuses a JSON body nested past ${MAX_INPUT_DEPTH} levels with 400, even 20,000 deep`, async () => {
      for (const levels of [MAX_INPUT_DEPTH + 1, 20_000]) {
        const body = `{"phoneNumber":${'['.repeat(levels - 1)}${']'.repeat(levels - 1)}}`;
        const res = await http
          .post('/api/user/send-otp')
          .set('content-type', 'application/json')
          .send(body)
          .expect(400);
        expect(res.body).toEqual({
          code: ErrorCode.BAD_REQUEST,
          message: expect.stringMatching(/too deeply/),
        });
      }
    });

    it('names a body field holding a NUL', async () => {
      const res = await http
        .post('/api/admin/admin-login')
        .send({ email: 'admin@chitram.in', password: 'pass\u0000word' })
        .expect(400);
      expect(res.body).toEqual({
        code: ErrorCode.VALIDATION_FAILED,
        message: `password: ${NUL_PROBLEM}`,
        fields: { password: [NUL_PROBLEM] },
      });
    });

    it('names a query value and a path parameter holding a NUL', async () => {
      const query = await http.get('/api/home/search?q=raja%00rani').expect(400);
      expect(query.body.fields).toEqual({ q: [NUL_PROBLEM] });
      const param = await http.get('/api/movie/some%00film').expect(400);
      expect(param.body.fields).toEqual({ idOrSlug: [NUL_PROBLEM] });
      const guarded = await http.get(`/api/admin/videos/${UUID}%00`).set('authorization', `Bearer ${admin}`);
      expect(guarded.status).toBe(400);
    });

    it("keeps the webhook's raw body byte for byte, whatever it holds", async () => {
      const body = '{ "event": "payment.captured", "note": "a\\u0000b",  "deep": [[[[]]]] }';
      const signature = createHmac('sha256', 'any').update(body).digest('hex');
      await http
        .post('/api/webhooks/razorpay')
        .set('content-type', 'application/json')
        .set('x-razorpay-signature', signature)
        .send(body)
        .expect(200);
      expect(Buffer.from(webhooks.at(-1)!.rawBody, 'base64').toString()).toBe(body);
    });
  });

  describe('body types', () => {
    it.each([
      ['text/plain', '{"email":"admin@chitram.in","password":"x"}'],
      ['application/x-www-form-urlencoded', 'email=admin%40chitram.in&password=x'],
    ])(
      'refuses %s on a JSON route with 415, so a form on another site cannot post to it',
      async (type, body) => {
        // A viewer's token, so logout (which needs one) shows the type check, not the sign-in check.
        const viewer = (await tokens.as('user')).token;
        for (const route of ['/api/admin/admin-login', '/api/user/send-otp', '/api/auth/logout']) {
          const res = await http
            .post(route)
            .set('authorization', `Bearer ${viewer}`)
            .set('content-type', type)
            .send(body);
          expect({ route, status: res.status, code: res.body.code }).toEqual({
            route,
            status: 415,
            code: ErrorCode.UNSUPPORTED_MEDIA_TYPE,
          });
        }
      },
    );

    it('refuses a multipart form on a JSON route, and JSON on a form route', async () => {
      const form = multipartBody([{ name: 'email', value: 'admin@chitram.in' }]);
      const toJson = await http
        .post('/api/admin/admin-login')
        .set('content-type', form.contentType)
        .send(form.body);
      expect([toJson.status, toJson.body.code]).toEqual([415, ErrorCode.UNSUPPORTED_MEDIA_TYPE]);
      const toForm = await http
        .post('/api/admin/movies')
        .set('authorization', `Bearer ${admin}`)
        .send({ title: 'Roja' });
      expect([toForm.status, toForm.body.code]).toEqual([415, ErrorCode.UNSUPPORTED_MEDIA_TYPE]);
    });

    it('lets the admin forms take multipart and the tus routes take upload bytes', async () => {
      const form = multipartBody([{ name: 'title', value: 'Roja' }]);
      const movie = await http
        .post('/api/admin/movies')
        .set('authorization', `Bearer ${admin}`)
        .set('content-type', form.contentType)
        .send(form.body);
      // Past the type check: the form is read, and found incomplete.
      expect([movie.status, movie.body.code]).toEqual([400, ErrorCode.VALIDATION_FAILED]);
      const bytes = await http
        .patch(`/api/admin/videos/${UUID}/upload/${'a'.repeat(32)}`)
        .set('authorization', `Bearer ${admin}`)
        .set('content-type', 'application/offset+octet-stream')
        .set('tus-resumable', '1.0.0')
        .set('upload-offset', '0')
        .send(Buffer.alloc(1024));
      // Past the type check: on its way to media, which is down here.
      expect([bytes.status, bytes.body.code]).toEqual([503, ErrorCode.SERVICE_UNAVAILABLE]);
      const elsewhere = await http
        .post('/api/user/send-otp')
        .set('content-type', 'application/offset+octet-stream')
        .send(Buffer.alloc(16));
      expect(elsewhere.status).toBe(415);
    });

    it('ignores the type of a request without a body', async () => {
      const res = await http.post('/api/auth/logout').set('content-type', 'text/plain');
      expect(res.status).toBe(401);
    });
  });

  describe('a body over the limit', () => {
    let shell: ChildProcess;
    let shellPort: number;
    let shellRoot: string;

    beforeAll(async () => {
      shellRoot = mkdtempSync(path.join(tmpdir(), 'shell-root-'));
      shell = spawn(process.execPath, [path.join(ROOT, 'libs/web-server/serve.mjs')], {
        env: {
          ...process.env,
          PORT: '0',
          ROOT: shellRoot,
          API_TARGET: `http://127.0.0.1:${gatewayPort}`,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      shellPort = await new Promise<number>((resolve, reject) => {
        let out = '';
        shell.stdout!.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const port = /on http:\/\/[^:]+:(\d+)/.exec(out)?.[1];
          if (port) resolve(Number(port));
        });
        shell.once('exit', (code) => reject(new Error(`the shell's server exited (${code}): ${out}`)));
      });
    });

    afterAll(() => {
      shell?.kill();
      rmSync(shellRoot, { recursive: true, force: true });
    });

    it.each([
      ['just over the limit', BODY_LIMIT + 1024],
      ['sixteen times the limit', BODY_LIMIT * 16],
      ['a hundred times the limit', BODY_LIMIT * 100],
    ])('answers 413 with the product body through the shell, %s, every time', async (_name, size) => {
      for (let i = 0; i < 5; i++) {
        for (const port of [shellPort, gatewayPort]) {
          const answer = await postRaw(port, '/api/user/send-otp', size);
          expect(answer).toMatch(/^HTTP\/1\.1 413 /);
          const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as unknown;
          expect(body).toEqual({ code: ErrorCode.PAYLOAD_TOO_LARGE, message: expect.any(String) });
          expect(answer).not.toMatch(/127\.0\.0\.1|localhost:\d/);
        }
      }
    });
  });
});
