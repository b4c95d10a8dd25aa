import {
  DomainError,
  ErrorCode,
  HTTP_STATUS_BY_CODE,
  REQUEST_ID_HEADER,
  type QueryText,
  type Subject,
} from '@chitram/contracts';
import type { Span } from '@opentelemetry/api';
import { createInbox, headers as natsHeaders, type Msg, type NatsConnection, type Subscription } from 'nats';
import { randomUUID } from 'node:crypto';
import { natsClientRequestSeconds, type RpcOutcome } from './metrics';
import { currentRequestId } from './request-context';
import { readReply, type RpcReply } from './rpc-wire';
import { beginSpan, endSpan, injectSpan, natsAttributes, SpanKind, tracingOn } from './tracing';

export interface RpcCallOptions {
  /** Overrides the client's default timeout for this call (health probes use a shorter one). */
  timeoutMs?: number;
}

/** Why a call got no answer; each reads as a sentence about the service. */
type Silence = 'not running' | 'timeout' | 'unreachable';

interface PendingCall {
  subject: string;
  timeoutMs: number;
  /** performance.now() when it was sent. */
  sentAt: number;
  timer: NodeJS.Timeout;
  /** The call's client span while tracing is on (its context travels in the request's headers). */
  span: Span | undefined;
  /** The answer's JSON. */
  resolve(json: Buffer): void;
  reject(error: DomainError): void;
}

/** NATS's status 503 on a reply subject: nobody subscribes to the subject asked. */
const NO_RESPONDERS = 503;

const SILENCE_OUTCOME: Record<Silence, RpcOutcome> = {
  'not running': 'no_responders',
  timeout: 'timeout',
  unreachable: 'unreachable',
};

/** An error reply's outcome: refused (the caller's mistake, 4xx-like) or failed (5xx-like). */
function errorOutcome(body: unknown): RpcOutcome {
  const code = (body as { code?: unknown } | null)?.code;
  const status = typeof code === 'string' ? (HTTP_STATUS_BY_CODE as Record<string, number>)[code] : undefined;
  return status !== undefined && status < 500 ? 'refused' : 'failed';
}

function serviceOf(subject: string): string {
  return subject.split('.')[1] ?? subject;
}

function unavailable(subject: string, why: Silence, timeoutMs: number): DomainError {
  const reason =
    why === 'not running'
      ? 'is not running'
      : why === 'timeout'
        ? `did not answer within ${timeoutMs} ms`
        : 'could not be reached';
  return new DomainError(
    ErrorCode.SERVICE_UNAVAILABLE,
    `The ${serviceOf(subject)} service ${reason}. Please try again shortly.`,
  );
}

/**
 * Request/reply over core NATS to services served by ContextualNatsServer: requests in NestJS's NATS
 * wire format, so services stay plain `@MessagePattern` handlers; replies as rpc-wire.ts reads them.
 * Every call has a timeout; a service that is down or silent becomes SERVICE_UNAVAILABLE at once (no
 * responders) or at the timeout, never a hang.
 *
 * Replies come back on one inbox subscription of the client's own (`<inbox>.<n>`), as nats.js's
 * `request()` does it, but without what that costs per call on the gateway's hot path: an Error with
 * its stack built for every call that succeeds, a promise for the timer and a UUID for the message.
 */
export class RpcClient {
  private readonly inbox: string;
  private readonly pending = new Map<string, PendingCall>();
  private subscription?: Subscription;
  private sequence = 0;

  constructor(
    private readonly connection: NatsConnection,
    private readonly defaultTimeoutMs: number,
  ) {
    // The connection's inbox prefix, when one was configured (subject permissions allow replies there).
    const prefix = (connection as { options?: { inboxPrefix?: string } }).options?.inboxPrefix;
    this.inbox = createInbox(prefix);
  }

  /** A request on a subject that names its types (libs/contracts `subject()`): both ends checked by the compiler. */
  call<Request, Reply>(
    subject: Subject<Request, Reply>,
    data: NoInfer<Request>,
    options: RpcCallOptions = {},
  ): Promise<Reply> {
    return this.uncheckedRequest(subject, data, options) as Promise<Reply>;
  }

  /**
   * The escape hatch: any body on any subject, the answer unread by the compiler. Only for what no
   * caller may send (a test's malformed payload) and for subjects a test declares on its own; every
   * other request goes through `call`.
   */
  uncheckedRequest(subject: string, data: unknown = {}, options: RpcCallOptions = {}): Promise<unknown> {
    return this.sendForJson(subject, data, options).then((json) =>
      json.length ? (JSON.parse(json.toString('utf8')) as unknown) : undefined,
    );
  }

  /**
   * The answer's JSON as the service sent it (empty when it answered nothing), for a caller that
   * passes it on unchanged: neither parsed nor written again. The request may be a URL's query as it
   * came (QueryText), which the service reads into its request type.
   */
  requestJson<Request, Reply>(
    subject: Subject<Request, Reply>,
    data: NoInfer<Request> | QueryText<NoInfer<Request>>,
    options: RpcCallOptions = {},
  ): Promise<Buffer> {
    return this.sendForJson(subject, data, options);
  }

  // One promise per call, settled with the answer's JSON or the service's error: each further layer
  // (async, or a then) is a promise more on every call, and while a request's context is kept
  // (AsyncLocalStorage) each promise made runs its hooks as well.
  private sendForJson(subject: string, data: unknown, options: RpcCallOptions): Promise<Buffer> {
    return this.send(subject, data, options.timeoutMs ?? this.defaultTimeoutMs);
  }

  private send(subject: string, data: unknown, timeoutMs: number): Promise<Buffer> {
    return new Promise<Buffer>((resolve, reject) => {
      const id = String(++this.sequence);
      const replyTo = `${this.inbox}.${id}`;
      const headers = natsHeaders();
      headers.set(REQUEST_ID_HEADER, currentRequestId() ?? randomUUID());
      const span = tracingOn()
        ? beginSpan(subject, SpanKind.CLIENT, { attributes: natsAttributes(subject) })
        : undefined;
      if (span) injectSpan(span, headers);
      // Nest tells a request (answered) from an event by the packet's id; it is echoed, never read.
      const payload = Buffer.from(JSON.stringify({ pattern: subject, data, id }));
      try {
        this.listen();
        this.connection.publish(subject, payload, { reply: replyTo, headers });
      } catch {
        // Closed or draining: nothing can be sent.
        natsClientRequestSeconds.child(subject, 'unreachable').observe(0);
        endSpan(span, 'unreachable');
        reject(unavailable(subject, 'unreachable', timeoutMs));
        return;
      }
      const timer = setTimeout(() => this.settle(id, undefined, 'timeout'), timeoutMs);
      this.pending.set(id, { subject, timeoutMs, sentAt: performance.now(), timer, span, resolve, reject });
    });
  }

  /** The one subscription every reply arrives on, made with the first call. */
  private listen(): void {
    if (this.subscription) return;
    const subscription = this.connection.subscribe(`${this.inbox}.*`, {
      callback: (error, msg) => {
        if (!error) this.receive(msg);
      },
    });
    this.subscription = subscription;
    // Closed (the connection closed or drained): nothing pending will be answered.
    void subscription.closed.then(() => {
      if (this.subscription === subscription) this.subscription = undefined;
      for (const id of [...this.pending.keys()]) this.settle(id, undefined, 'unreachable');
    });
  }

  private receive(msg: Msg): void {
    const id = msg.subject.slice(this.inbox.length + 1);
    if (msg.data.length === 0 && msg.headers?.code === NO_RESPONDERS) {
      this.settle(id, undefined, 'not running');
      return;
    }
    let reply: RpcReply;
    try {
      reply = readReply(msg);
      // Kept beyond this message (a cache of answers): its own copy, not a view of the read buffer.
      if (reply.kind === 'answer') reply = { kind: 'answer', json: Buffer.from(reply.json) };
    } catch {
      reply = { kind: 'error', body: 'not JSON' }; // not a service's reply: INTERNAL for the caller
    }
    this.settle(id, reply);
  }

  private settle(id: string, reply: RpcReply | undefined, silence?: Silence): void {
    const call = this.pending.get(id);
    if (!call) return; // answered already, or timed out
    this.pending.delete(id);
    clearTimeout(call.timer);
    const outcome = !reply
      ? SILENCE_OUTCOME[silence ?? 'unreachable']
      : reply.kind === 'answer'
        ? 'ok'
        : errorOutcome(reply.body);
    natsClientRequestSeconds.child(call.subject, outcome).observe((performance.now() - call.sentAt) / 1000);
    endSpan(call.span, outcome === 'ok' || outcome === 'refused' ? undefined : outcome);
    if (!reply) call.reject(unavailable(call.subject, silence ?? 'unreachable', call.timeoutMs));
    else if (reply.kind === 'error') call.reject(DomainError.fromBody(reply.body));
    else call.resolve(reply.json);
  }
}
