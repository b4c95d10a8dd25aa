import type {
  ConsumerDeserializer,
  IncomingRequest,
  OutgoingResponse,
  Serializer,
} from '@nestjs/microservices';
import { headers as natsHeaders, type Msg, type MsgHdrs } from 'nats';
import { isRecord, parseMessageJson, UnreadableMessage } from './rejected-messages';

/**
 * How the services' replies travel over NATS (ContextualNatsServer answers, RpcClient reads). The body
 * is the answer's JSON alone, and a header says whether it is an answer or an error body, so a caller
 * that passes an answer on unchanged (the gateway's catalogue cache) can take its bytes as they came,
 * and a service can send an answer it keeps serialised (a cached one) without parsing it first.
 * Nest's own envelope (`{ response | err, isDisposed, id }` as JSON) is still read, from a service of
 * an older build.
 */
export const RPC_REPLY_HEADER = 'chitram-reply';
const ANSWER = 'answer';
const ERROR = 'error';

/**
 * An answer already serialised as JSON, sent as it is: as text, or as the UTF-8 bytes that go on the
 * wire (no encoding on the way out). `T` documents what the JSON holds.
 */
export class RawJson<T = unknown> {
  /** Never set: it only carries `T`. */
  declare readonly holds?: T;

  constructor(private readonly json: string | Buffer) {}

  get text(): string {
    return typeof this.json === 'string' ? this.json : this.json.toString('utf8');
  }

  /** The JSON as UTF-8. */
  get bytes(): Buffer {
    return typeof this.json === 'string' ? Buffer.from(this.json) : this.json;
  }

  /** Whatever serialises it another way still writes the same JSON. */
  toJSON(): unknown {
    return JSON.parse(this.text) as unknown;
  }
}

/** What a reply says: the answer's JSON (empty for no value) or an error body. */
export type RpcReply = { kind: 'answer'; json: Buffer } | { kind: 'error'; body: unknown };

const EMPTY = Buffer.alloc(0);

function jsonBytes(value: unknown): Buffer {
  if (value instanceof RawJson) return value.bytes;
  const text = JSON.stringify(value) as string | undefined; // undefined for undefined
  return text === undefined ? EMPTY : Buffer.from(text);
}

/** Nest's serializer for replies, writing the format above. */
export class RpcReplySerializer implements Serializer<OutgoingResponse, { data: Buffer; headers: MsgHdrs }> {
  serialize(packet: OutgoingResponse): { data: Buffer; headers: MsgHdrs } {
    const headers = natsHeaders();
    if (packet.err !== undefined && packet.err !== null) {
      headers.set(RPC_REPLY_HEADER, ERROR);
      return { data: jsonBytes(packet.err), headers };
    }
    headers.set(RPC_REPLY_HEADER, ANSWER);
    return { data: jsonBytes(packet.response), headers };
  }
}

/** Reads a service's reply; throws SyntaxError when it is not JSON. */
export function readReply(msg: Msg): RpcReply {
  const data = Buffer.from(msg.data.buffer, msg.data.byteOffset, msg.data.byteLength);
  const kind = msg.headers?.get(RPC_REPLY_HEADER);
  if (kind === ANSWER) return { kind: 'answer', json: data };
  if (kind === ERROR) return { kind: 'error', body: JSON.parse(data.toString('utf8')) as unknown };
  const envelope = JSON.parse(data.toString('utf8')) as { response?: unknown; err?: unknown };
  if (envelope.err !== undefined && envelope.err !== null) return { kind: 'error', body: envelope.err };
  return { kind: 'answer', json: jsonBytes(envelope.response) };
}

/**
 * Reads a request as RpcClient sends it (`{ pattern, data, id }` as JSON, rpc-client.ts), for Nest's
 * NATS server. Anything else (not JSON, empty, binary, a packet without its id) throws
 * UnreadableMessage, which the server answers with BAD_MESSAGE; Nest's own reader would throw a
 * NatsError that nothing catches, and one stray message would end the service.
 */
export class RpcRequestDeserializer implements ConsumerDeserializer {
  deserialize(value: Uint8Array, options?: { channel?: string }): IncomingRequest {
    const packet = parseMessageJson(value);
    if (!isRecord(packet)) throw new UnreadableMessage('it is not a request packet ({ data, id })');
    const { id, data } = packet;
    if ((typeof id !== 'string' && typeof id !== 'number') || id === '')
      throw new UnreadableMessage('the request packet has no id');
    return { pattern: options?.channel ?? '', data, id: String(id) };
  }
}
