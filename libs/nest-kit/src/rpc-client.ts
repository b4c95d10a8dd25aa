import { randomUUID } from 'node:crypto';
import { DomainError, ErrorCode, REQUEST_ID_HEADER, type Subject } from '@chitram/contracts';
import { headers as natsHeaders, type NatsConnection, ErrorCode as NatsErrorCode, JSONCodec } from 'nats';
import { currentRequestId } from './request-context';

const codec = JSONCodec();

/** The wire shape NestJS's NATS server transport expects and answers with. */
interface NestReply {
  id?: string;
  response?: unknown;
  err?: unknown;
  isDisposed?: boolean;
}

export interface RpcCallOptions {
  /** Overrides the client's default timeout for this call (health probes use a shorter one). */
  timeoutMs?: number;
}

function serviceOf(subject: string): string {
  return subject.split('.')[1] ?? subject;
}

/**
 * Request/reply over core NATS, speaking NestJS's NATS wire format so services stay plain
 * `@MessagePattern` handlers. Every call has a timeout; a service that is down or silent becomes
 * SERVICE_UNAVAILABLE at once (no responders) or at the timeout, never a hang.
 */
export class RpcClient {
  constructor(
    private readonly connection: NatsConnection,
    private readonly defaultTimeoutMs: number,
  ) {}

  /** A request on a subject that names its types (libs/contracts `subject()`): both ends checked by the compiler. */
  call<Request, Reply>(
    subject: Subject<Request, Reply>,
    data: NoInfer<Request>,
    options: RpcCallOptions = {},
  ): Promise<Reply> {
    return this.request<Reply>(subject, data, options);
  }

  async request<TReply>(subject: string, data: unknown = {}, options: RpcCallOptions = {}): Promise<TReply> {
    const headers = natsHeaders();
    headers.set(REQUEST_ID_HEADER, currentRequestId() ?? randomUUID());
    const timeout = options.timeoutMs ?? this.defaultTimeoutMs;
    let raw: Uint8Array;
    try {
      const msg = await this.connection.request(
        subject,
        codec.encode({ pattern: subject, data, id: randomUUID() }),
        {
          timeout,
          headers,
        },
      );
      raw = msg.data;
    } catch (error) {
      throw this.unavailable(subject, error, timeout);
    }
    const reply = codec.decode(raw) as NestReply;
    if (reply.err !== undefined && reply.err !== null) throw DomainError.fromBody(reply.err);
    return reply.response as TReply;
  }

  private unavailable(subject: string, error: unknown, timeout: number): DomainError {
    const code = (error as { code?: string }).code;
    const service = serviceOf(subject);
    const why =
      code === NatsErrorCode.NoResponders
        ? 'is not running'
        : code === NatsErrorCode.Timeout
          ? `did not answer within ${timeout} ms`
          : 'could not be reached';
    return new DomainError(
      ErrorCode.SERVICE_UNAVAILABLE,
      `The ${service} service ${why}. Please try again shortly.`,
    );
  }
}
