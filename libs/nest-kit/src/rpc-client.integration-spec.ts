import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import { DomainError, ErrorCode, REQUEST_ID_HEADER, subject } from '@chitram/contracts';
import { JSONCodec, type Msg, type NatsConnection } from 'nats';
import { connectNats } from './nats';
import { batchNatsWrites } from './nats-writes';
import { runWithRequestContext } from './request-context';
import { RpcClient } from './rpc-client';
import { RawJson, RpcReplySerializer } from './rpc-wire';

// Against a real NATS server (NATS_URL, else the local default), on subjects of this run only.
const NATS_URL = process.env.NATS_URL || 'nats://127.0.0.1:4222';
const root = `chitram.rpctest.${randomUUID().slice(0, 8)}`;
const serializer = new RpcReplySerializer();
const double = subject<{ n: number }, { twice: number }>(`${root}.double`);
const kept = subject<Record<string, never>, { kept: boolean }>(`${root}.kept`);
const refuse = subject<Record<string, never>, never>(`${root}.refuse`);

/** Answers `subject` as a service does: the request's data, passed to `answer`, in the wire format. */
function serve(nats: NatsConnection, subject: string, answer: (data: unknown, msg: Msg) => unknown) {
  return nats.subscribe(subject, {
    callback: (_error, msg) => {
      const request = JSONCodec<{ data: unknown; id: string }>().decode(msg.data);
      const { data, headers } = serializer.serialize({
        id: request.id,
        ...toPacket(answer(request.data, msg)),
      });
      msg.respond(data, { headers });
    },
  });
}

function toPacket(result: unknown): { response?: unknown; err?: unknown } {
  return result instanceof DomainError ? { err: result.toBody() } : { response: result };
}

describe('RpcClient over real NATS', () => {
  let server: NatsConnection;
  let client: NatsConnection;
  let rpc: RpcClient;

  beforeAll(async () => {
    server = await connectNats(NATS_URL, 'rpc-test-server');
    client = batchNatsWrites(await connectNats(NATS_URL, 'rpc-test-client'));
    rpc = new RpcClient(client, 2000);
    serve(server, `${root}.double`, (data) => ({ twice: (data as { n: number }).n * 2 }));
    serve(server, `${root}.kept`, () => new RawJson('{ "kept" : true }'));
    serve(server, `${root}.refuse`, () => new DomainError(ErrorCode.CONFLICT, 'That already exists.'));
    serve(server, `${root}.whoasks`, (_data, msg) => msg.headers?.get(REQUEST_ID_HEADER));
    // A service of an older build answers in Nest's own envelope.
    server.subscribe(`${root}.older`, {
      callback: (_error, msg) =>
        msg.respond(JSONCodec().encode({ response: 'old', isDisposed: true, id: '1' })),
    });
    await server.flush();
  });

  afterAll(async () => {
    await client?.close();
    await server?.close();
  });

  it('pairs each of many concurrent calls with its own answer', async () => {
    const answers = await Promise.all(Array.from({ length: 200 }, (_, n) => rpc.call(double, { n })));
    expect(answers.map((a) => a.twice)).toEqual(Array.from({ length: 200 }, (_, n) => n * 2));
  });

  it('sends the calls made in one turn of the event loop in a single write, each from its own callback', async () => {
    const socket = (client as unknown as { protocol: { transport: { socket: Socket } } }).protocol.transport
      .socket;
    const writes = { count: 0 };
    const write = socket._write.bind(socket);
    const writev = socket._writev?.bind(socket);
    socket._write = (...args: Parameters<Socket['_write']>) => (writes.count++, write(...args));
    if (writev)
      socket._writev = (...args: Parameters<NonNullable<Socket['_writev']>>) => (
        writes.count++,
        writev(...args)
      );
    try {
      // As the gateway makes them: one per HTTP request, each read in a callback of its own.
      const calls = Array.from(
        { length: 50 },
        (_, n) =>
          new Promise((resolve, reject) =>
            setImmediate(() => void rpc.uncheckedRequest(`${root}.double`, { n }).then(resolve, reject)),
          ),
      );
      await Promise.all(calls);
      expect(writes.count).toBe(1);
    } finally {
      socket._write = write;
      if (writev) socket._writev = writev;
    }
  });

  it('passes an answer on as the JSON the service sent, and parses it for a plain call', async () => {
    expect((await rpc.requestJson(kept, {})).toString()).toBe('{ "kept" : true }');
    await expect(rpc.uncheckedRequest(`${root}.kept`)).resolves.toEqual({ kept: true });
  });

  it("carries the service's refusal back with its code and message", async () => {
    await expect(rpc.uncheckedRequest(`${root}.refuse`)).rejects.toEqual(
      new DomainError(ErrorCode.CONFLICT, 'That already exists.'),
    );
    await expect(rpc.requestJson(refuse, {})).rejects.toMatchObject({ code: ErrorCode.CONFLICT });
  });

  it("sends the caller's request id, or a new one outside a request", async () => {
    const requestId = `req-${randomUUID()}`;
    await expect(
      runWithRequestContext({ requestId }, () => rpc.uncheckedRequest(`${root}.whoasks`)),
    ).resolves.toBe(requestId);
    await expect(rpc.uncheckedRequest(`${root}.whoasks`)).resolves.toMatch(/^[0-9a-f-]{36}$/);
  });

  it('reads the answer of a service still speaking the older envelope', async () => {
    await expect(rpc.uncheckedRequest(`${root}.older`)).resolves.toBe('old');
  });

  it('answers SERVICE_UNAVAILABLE at once when nobody serves the subject, and at the timeout when silent', async () => {
    let started = Date.now();
    await expect(rpc.uncheckedRequest(`${root}.nobody`)).rejects.toMatchObject({
      code: ErrorCode.SERVICE_UNAVAILABLE,
      message: expect.stringContaining('is not running'),
    });
    expect(Date.now() - started).toBeLessThan(1000);
    server.subscribe(`${root}.silent`, { callback: () => undefined });
    await server.flush();
    started = Date.now();
    await expect(rpc.uncheckedRequest(`${root}.silent`, {}, { timeoutMs: 300 })).rejects.toMatchObject({
      code: ErrorCode.SERVICE_UNAVAILABLE,
      message: expect.stringContaining('did not answer within 300 ms'),
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('answers SERVICE_UNAVAILABLE for a call waiting when the connection closes, without waiting out its timeout', async () => {
    const closing = batchNatsWrites(await connectNats(NATS_URL, 'rpc-test-closing'));
    const closingRpc = new RpcClient(closing, 10_000);
    // The server never answers; that the request reached it is the signal that the call is waiting.
    const arrived = new Promise<void>((resolve) =>
      server.subscribe(`${root}.slow`, { callback: () => resolve() }),
    );
    await server.flush();
    const started = Date.now();
    const call = closingRpc.uncheckedRequest(`${root}.slow`);
    await arrived;
    await closing.close();
    await expect(call).rejects.toMatchObject({
      code: ErrorCode.SERVICE_UNAVAILABLE,
      message: expect.stringContaining('could not be reached'),
    });
    expect(Date.now() - started).toBeLessThan(5000);
    await expect(closingRpc.uncheckedRequest(`${root}.double`, { n: 1 })).rejects.toMatchObject({
      code: ErrorCode.SERVICE_UNAVAILABLE,
    });
  });
});
