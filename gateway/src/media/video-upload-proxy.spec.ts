import { EventEmitter } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { VIDEO_UPLOADS_PATH } from '@chitram/contracts';
import type { GatewayConfig } from '../config';
import { gatewayLocation, VideoUploadProxy } from './video-upload-proxy';

const VIDEO = '0b7c6c8e-4d7a-4f55-9a59-1f0e7e1f2a3b';
const UPLOAD = 'a'.repeat(32);

/** What the proxy sent back to the admin, as a reply records it. */
function recordingReply() {
  const answer = { status: 0, headers: {} as Record<string, string>, ended: Promise.resolve() };
  const reply = {
    status(code: number) {
      answer.status = code;
      return reply;
    },
    header(name: string, value: string) {
      answer.headers[name] = value;
      return reply;
    },
    send(stream: NodeJS.ReadableStream) {
      answer.ended = new Promise((resolve) => stream.once('end', () => setImmediate(resolve)));
      stream.resume();
      return reply;
    },
  };
  return { answer, reply: reply as unknown as FastifyReply };
}

/** A creation request (no body) as Fastify hands it to the controller. */
function creation(): FastifyRequest {
  const raw = Object.assign(new EventEmitter(), { complete: true });
  return {
    id: 'req-1',
    method: 'POST',
    url: `/api/admin/videos/${VIDEO}/upload`,
    headers: { 'tus-resumable': '1.0.0', 'upload-length': '100' },
    body: undefined,
    raw,
  } as unknown as FastifyRequest;
}

describe('VideoUploadProxy', () => {
  let server: Server;
  let proxy: VideoUploadProxy;
  const requestsOn = new WeakMap<Socket, number>();
  let dropSecondOnSocket = false;
  let received = 0;

  beforeAll(async () => {
    server = createServer((req, res) => {
      const count = (requestsOn.get(req.socket) ?? 0) + 1;
      requestsOn.set(req.socket, count);
      req.resume();
      // Media closing a kept-alive connection just as the gateway reuses it.
      if (dropSecondOnSocket && count === 2) return req.socket.destroy();
      received += 1;
      res.writeHead(201, { location: `${VIDEO_UPLOADS_PATH}/${VIDEO}/${UPLOAD}`, 'tus-resumable': '1.0.0' });
      res.end();
    });
    server.keepAliveTimeout = 30_000;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const config = { MEDIA_URL: `http://127.0.0.1:${port}`, mediaToken: 'media-token' } as GatewayConfig;
    const logger = { info: jest.fn(), warn: jest.fn() };
    proxy = new VideoUploadProxy(config, logger as never);
  });

  afterAll(async () => {
    proxy.onApplicationShutdown();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('creates an upload again on a fresh connection when media drops the kept-alive one it was sent on', async () => {
    const first = recordingReply();
    await proxy.forward(creation(), first.reply, `${VIDEO_UPLOADS_PATH}/${VIDEO}`);
    expect(first.answer.status).toBe(201);
    await first.answer.ended; // its connection is back in the agent's pool, to be reused

    dropSecondOnSocket = true;
    const second = recordingReply();
    await proxy.forward(creation(), second.reply, `${VIDEO_UPLOADS_PATH}/${VIDEO}`);
    expect(second.answer.status).toBe(201);
    expect(second.answer.headers.location).toBe(`/api/admin/videos/${VIDEO}/upload/${UPLOAD}`);
    expect(received).toBe(2);
  });
});

describe("the gateway's address of a media upload", () => {
  it("maps a video's upload and a dub's (D44) to the admin routes, and nothing else", () => {
    expect(gatewayLocation(`${VIDEO_UPLOADS_PATH}/${VIDEO}/${UPLOAD}`)).toBe(
      `/api/admin/videos/${VIDEO}/upload/${UPLOAD}`,
    );
    expect(gatewayLocation(`/uploads/audio/${VIDEO}/a1b2c3d4e5f6`)).toBe(
      `/api/admin/videos/${VIDEO}/audio/upload/a1b2c3d4e5f6`,
    );
    expect(gatewayLocation(`/uploads/audio/${VIDEO}/${UPLOAD}`)).toBeUndefined();
    expect(gatewayLocation('https://elsewhere.example/uploads/videos/x')).toBeUndefined();
  });
});
