import {
  type ArgumentMetadata,
  type ArgumentsHost,
  BadRequestException,
  Catch,
  type RpcExceptionFilter,
  ValidationPipe,
  type ValidationError,
} from '@nestjs/common';
import {
  type MessageHandler,
  NatsContext,
  type NatsOptions,
  type ReadPacket,
  ServerNats,
  type WritePacket,
} from '@nestjs/microservices';
import { NO_MESSAGE_HANDLER } from '@nestjs/microservices/constants';
import type { Msg as NatsMsg, MsgHdrs, NatsConnection } from 'nats';
import {
  DomainError,
  ErrorCode,
  HTTP_STATUS_BY_CODE,
  REQUEST_ID_HEADER,
  type ErrorBody,
} from '@chitram/contracts';
import { isObservable, type Observable, throwError } from 'rxjs';
import type { Logger } from 'pino';
import { natsHandlerSeconds } from './metrics';
import { batchNatsWrites } from './nats-writes';
import { requestIdFrom, runWithRequestContext } from './request-context';
import { RejectedMessages, UnreadableMessage } from './rejected-messages';
import { RpcReplySerializer, RpcRequestDeserializer } from './rpc-wire';
import {
  activeSpan,
  beginSpan,
  contextFrom,
  endSpan,
  natsAttributes,
  SpanKind,
  tracingOn,
  withSpan,
} from './tracing';
import { isUnreachableServer, unreachableServerError } from './unreachable-server';

/** Flattens class-validator errors into `{ field: [messages] }`, nested fields dotted. */
export function validationFields(errors: ValidationError[], prefix = ''): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const e of errors) {
    const path = prefix ? `${prefix}.${e.property}` : e.property;
    if (e.constraints) fields[path] = Object.values(e.constraints);
    if (e.children?.length) Object.assign(fields, validationFields(e.children, path));
  }
  return fields;
}

export function validationError(errors: ValidationError[]): DomainError {
  const fields = validationFields(errors);
  const first = Object.entries(fields)[0];
  const message = first ? `${first[0]}: ${first[1][0]}` : 'The request is not valid.';
  return new DomainError(ErrorCode.VALIDATION_FAILED, message, fields);
}

export const NUL_PROBLEM = 'must not contain a NUL character';
/** Enough named fields to fix a request by; a payload full of NULs need not be listed whole. */
const MAX_NUL_FIELDS = 20;

/**
 * Parsed JSON holds plain objects; Fastify's query and path parameters are null-prototype objects
 * (some built from a constructor whose prototype has none). Class instances, streams and buffers are not walked.
 */
export function isPlainContainer(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return true;
  const prototype = Object.getPrototypeOf(value) as object | null;
  return prototype === null || prototype === Object.prototype || Object.getPrototypeOf(prototype) === null;
}

/**
 * The fields whose text, value or key, holds NUL (which Postgres cannot store), dotted from the
 * root (`episodes.2.title`); `name` is what the value itself is called when it is text. Walked with a
 * stack, not recursion, which deep input would overflow.
 */
export function nulFields(value: unknown, name = 'value'): string[] {
  // Nothing to walk for what most messages and requests carry: no body, no query, no parameters.
  if (value === undefined || value === null || (isPlainContainer(value) && isEmpty(value))) return [];
  const found: string[] = [];
  const stack: Array<{ value: unknown; path: string | undefined }> = [{ value, path: undefined }];
  while (stack.length && found.length < MAX_NUL_FIELDS) {
    const next = stack.pop()!;
    if (typeof next.value === 'string') {
      if (next.value.includes('\0')) found.push(next.path ?? name);
      continue;
    }
    if (!isPlainContainer(next.value)) continue;
    // Pushed last to first, so fields are named in the order they were sent.
    const entries = Object.entries(next.value);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i];
      const path = next.path === undefined ? key : `${next.path}.${key}`;
      if (key.includes('\0')) found.push(path.replaceAll('\0', '\\0'));
      stack.push({ value: child, path });
    }
  }
  return found;
}

function isEmpty(container: object): boolean {
  for (const key in container) if (Object.hasOwn(container, key)) return false;
  return true;
}

/** VALIDATION_FAILED naming each field that holds NUL. */
export function nulError(fields: string[]): DomainError {
  const names = [...new Set(fields)].slice(0, MAX_NUL_FIELDS);
  return new DomainError(
    ErrorCode.VALIDATION_FAILED,
    `${names[0]}: ${NUL_PROBLEM}`,
    Object.fromEntries(names.map((name) => [name, [NUL_PROBLEM]])),
  );
}

/** Refuses text holding NUL before validating: no service can store it, whichever way it came in. */
class StrictValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const fields = nulFields(value, metadata.data);
    if (fields.length) throw nulError(fields);
    return super.transform(value, metadata);
  }
}

/**
 * Validation used on both sides of NATS: text holding NUL and unknown fields are refused, values
 * converted to their declared types.
 */
export function strictValidationPipe(): ValidationPipe {
  return new StrictValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    exceptionFactory: validationError,
  });
}

/** Turns anything a handler throws into the `{code, message}` body that travels back over NATS. */
@Catch()
export class RpcErrorFilter implements RpcExceptionFilter<unknown> {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown, _host: ArgumentsHost): Observable<never> {
    let body: ErrorBody;
    if (exception instanceof DomainError) {
      body = exception.toBody();
    } else if (exception instanceof BadRequestException) {
      body = { code: ErrorCode.BAD_REQUEST, message: exception.message };
    } else if (isUnreachableServer(exception)) {
      // Postgres or Redis away (restarting): the caller may try again, and gets 503, not 500.
      this.logger.warn({ err: exception }, 'a server this service needs is unreachable');
      body = unreachableServerError().toBody();
    } else {
      this.logger.error({ err: exception }, 'unhandled error in message handler');
      body = { code: ErrorCode.INTERNAL, message: 'Something went wrong.' };
    }
    return throwError(() => body);
  }
}

/** What an answer says about the request: ok, refused (4xx-like) or failed (5xx-like). */
function answerOutcome(response: { err?: unknown }): 'ok' | 'refused' | 'failed' {
  if (response.err === undefined || response.err === null) return 'ok';
  const code = (response.err as { code?: unknown }).code;
  const status = typeof code === 'string' ? (HTTP_STATUS_BY_CODE as Record<string, number>)[code] : undefined;
  return status !== undefined && status < 500 ? 'refused' : 'failed';
}

/**
 * NestJS's NATS server, running each incoming message inside the request context named by the
 * caller's request-id header (here rather than in a global interceptor, which would wrap every
 * message in extra async resources and observables and cost a large share of a small handler's
 * time), and answering in the wire format RpcClient reads (rpc-wire.ts).
 *
 * Any bytes may arrive on a subject a service serves. A message it cannot read is answered with
 * BAD_MESSAGE when it has a reply subject, else dropped; either way it is counted and logged with its
 * subject, and nothing a message does escapes as a rejection that would end the process.
 */
/** Sends one packet of a request's answer (Nest's WritePacket: the answer, or an error, and its end). */
type Publish = (packet: {
  response?: unknown;
  err?: unknown;
  isDisposed?: boolean;
  status?: string;
}) => unknown;

export class ContextualNatsServer extends ServerNats {
  private served?: NatsConnection;

  /** Replies are written as rpc-wire.ts says, unless the options name another serializer. */
  constructor(
    options: Required<NatsOptions>['options'],
    private readonly rejections?: RejectedMessages,
  ) {
    super({ serializer: new RpcReplySerializer(), deserializer: new RpcRequestDeserializer(), ...options });
  }

  override async handleMessage(channel: string, natsMsg: NatsMsg): Promise<void> {
    const requestId = requestIdFrom(natsMsg.headers?.get(REQUEST_ID_HEADER));
    const serve = () => runWithRequestContext({ requestId }, () => this.serve(channel, natsMsg));
    if (tracingOn()) return this.handleTraced(natsMsg, serve);
    try {
      await serve();
    } catch (error) {
      this.refuse(natsMsg, error);
    }
  }

  /**
   * Nest's handleMessage, less its stream machinery for an answer that is a value: Nest turns every
   * answer into an rxjs stream and sends it from a later tick (process.nextTick), to take handlers
   * that answer with streams; ours answer with a value or a promise, which is sent as it comes, one
   * packet as Nest's stream would have made it (the answer and its end in one). A stream (a handler's
   * own, or an exception filter's error) still goes Nest's way.
   */
  private async serve(channel: string, natsMsg: NatsMsg): Promise<void> {
    const context = new NatsContext([natsMsg.subject, natsMsg.headers]);
    const read = this.deserializer.deserialize(natsMsg.data, { channel, replyTo: natsMsg.reply }) as
      (ReadPacket & { id?: string }) | Promise<ReadPacket & { id?: string }>;
    const message = read instanceof Promise ? await read : read;
    if (message.id === undefined) return this.handleEvent(channel, message, context);
    const publish = this.getPublisher(natsMsg, message.id, context);
    const handler = this.getHandlerByPattern(channel);
    if (!handler) {
      publish({ status: 'error', err: NO_MESSAGE_HANDLER });
      return;
    }
    const answer: unknown = await handler(message.data, context);
    if (isObservable(answer)) this.send(answer, publish as (packet: WritePacket) => void);
    else publish({ response: answer, isDisposed: true });
  }

  /**
   * A message served under a span that continues the caller's trace (its `traceparent` header); the
   * span ends when the answer leaves (getPublisher), or here when nobody waits for one.
   */
  private async handleTraced(natsMsg: NatsMsg, serve: () => Promise<unknown>): Promise<void> {
    const parent = contextFrom(natsMsg.headers);
    const span = beginSpan(natsMsg.subject, SpanKind.SERVER, {
      parent,
      attributes: natsAttributes(natsMsg.subject),
    })!;
    try {
      await withSpan(span, parent, serve);
      if (!natsMsg.reply) endSpan(span);
    } catch (error) {
      endSpan(span, 'refused');
      this.refuse(natsMsg, error);
    }
  }

  /**
   * Nest's publisher of one request's answer, timed: the request is counted (subject, outcome,
   * seconds since it was read) when its last answer leaves.
   */
  override getPublisher(natsMsg: NatsMsg, id: string, ctx: NatsContext): Publish {
    const publish = super.getPublisher(natsMsg, id, ctx) as (response: unknown) => unknown;
    const startedAt = performance.now();
    const subject = natsMsg.subject;
    const span = tracingOn() ? activeSpan() : undefined;
    return (response) => {
      if (response.isDisposed || response.err !== undefined) {
        const outcome = answerOutcome(response);
        natsHandlerSeconds.child(subject, outcome).observe((performance.now() - startedAt) / 1000);
        if (span) endSpan(span, outcome === 'failed' ? outcome : undefined);
      }
      return publish(response);
    };
  }

  /** Answers (when someone waits) and records a message that could not be served. */
  private refuse(natsMsg: NatsMsg, error: unknown): void {
    natsHandlerSeconds.child(natsMsg.subject, 'rejected').observe(0);
    const unreadable = error instanceof UnreadableMessage;
    const body: ErrorBody = unreadable
      ? { code: ErrorCode.BAD_MESSAGE, message: `The message could not be read: ${error.problem}.` }
      : { code: ErrorCode.INTERNAL, message: 'Something went wrong.' };
    const problem = unreadable ? error.problem : 'serving it failed';
    if (this.rejections)
      this.rejections.record('request', natsMsg.subject, problem, unreadable ? {} : { err: error });
    else this.logger.error(`message on ${natsMsg.subject} refused: ${problem}`);
    if (!natsMsg.reply) return;
    try {
      const reply = this.serializer.serialize({ err: body, id: '' }) as {
        data: Uint8Array;
        headers?: MsgHdrs;
      };
      natsMsg.respond(reply.data, { headers: reply.headers });
    } catch {
      // The connection is closing: the caller's timeout answers for us.
    }
  }

  /**
   * Ready once the server has the subscriptions: with writes batched, a caller told "listening" could
   * otherwise publish before the server saw them and get "no responders".
   */
  override start(callback: (error?: unknown) => void): void {
    super.start((error?: unknown) => {
      if (error) callback(error);
      else if (!this.served) callback();
      else this.served.flush().then(() => callback(), callback);
    });
  }

  /** The connection requests are served on; the replies of one turn of the event loop leave in one write. */
  override async createNatsClient(): Promise<NatsConnection> {
    const connection = batchNatsWrites(await super.createNatsClient());
    this.served = connection;
    return connection;
  }

  /**
   * Our patterns are plain subjects, the keys of the handler map as they are. Nest first tries each
   * as JSON, which for a subject throws a SyntaxError (stack trace included) on every message: a
   * tenth of a small handler's time.
   */
  override getHandlerByPattern(pattern: string): MessageHandler | null {
    return this.messageHandlers.get(pattern) ?? super.getHandlerByPattern(pattern);
  }
}
