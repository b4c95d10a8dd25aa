import { ErrorCode } from '@chitram/contracts';
import { JSONCodec, type Msg, type MsgHdrs } from 'nats';
import { RawJson, readReply, RPC_REPLY_HEADER, RpcReplySerializer, RpcRequestDeserializer } from './rpc-wire';
import { UnreadableMessage } from './rejected-messages';

/** A reply as the client receives it: the serializer's output put into a message. */
function message(data: Uint8Array, headers?: MsgHdrs): Msg {
  return { data, headers } as unknown as Msg;
}

const serializer = new RpcReplySerializer();
const sent = (packet: Parameters<RpcReplySerializer['serialize']>[0]) => {
  const { data, headers } = serializer.serialize(packet);
  return message(data, headers);
};

describe('the reply wire format', () => {
  it("sends an answer's JSON alone, marked as an answer, and reads it back unchanged", () => {
    const msg = sent({ id: '1', response: [{ title: 'दंगल', year: 2016 }], isDisposed: true });
    expect(msg.headers?.get(RPC_REPLY_HEADER)).toBe('answer');
    expect(Buffer.from(msg.data).toString()).toBe('[{"title":"दंगल","year":2016}]');
    const reply = readReply(msg);
    expect(reply.kind === 'answer' && reply.json.toString()).toBe('[{"title":"दंगल","year":2016}]');
  });

  it('sends JSON kept as text (a cached answer) byte for byte, without reading it', () => {
    const text = '{ "kept" : [1, 2] }'; // spacing JSON.stringify would not write
    const msg = sent({ id: '2', response: new RawJson(text), isDisposed: true });
    expect(Buffer.from(msg.data).toString()).toBe(text);
  });

  it('sends JSON kept as UTF-8 bytes as they are, and reads them back as the same text', () => {
    const bytes = Buffer.from('[{"title":"தளபதி"}]');
    const kept = new RawJson(bytes);
    expect(Buffer.from(sent({ id: '7', response: kept, isDisposed: true }).data).equals(bytes)).toBe(true);
    expect(kept.text).toBe('[{"title":"தளபதி"}]');
    expect(JSON.stringify({ answer: kept })).toBe('{"answer":[{"title":"தளபதி"}]}');
  });

  it('sends an error body marked as an error', () => {
    const body = { code: ErrorCode.CONFLICT, message: 'That already exists.' };
    const reply = readReply(sent({ id: '3', err: body, isDisposed: true }));
    expect(reply).toEqual({ kind: 'error', body });
  });

  it('sends nothing for a handler that answered nothing', () => {
    const reply = readReply(sent({ id: '4', response: undefined, isDisposed: true }));
    expect(reply.kind === 'answer' && reply.json.length).toBe(0);
  });

  it("still reads Nest's own envelope, from a service of an older build", () => {
    const codec = JSONCodec();
    const answer = readReply(message(codec.encode({ response: { ok: true }, isDisposed: true, id: '5' })));
    expect(answer.kind === 'answer' && answer.json.toString()).toBe('{"ok":true}');
    const error = readReply(message(codec.encode({ err: { code: ErrorCode.NOT_FOUND }, id: '6' })));
    expect(error).toEqual({ kind: 'error', body: { code: ErrorCode.NOT_FOUND } });
  });

  it('writes kept JSON as the same JSON wherever it is serialised another way', () => {
    expect(JSON.stringify({ answer: new RawJson('[1,{"a":2}]') })).toBe('{"answer":[1,{"a":2}]}');
  });
});

describe('RpcRequestDeserializer', () => {
  const read = (text: string | Uint8Array) =>
    new RpcRequestDeserializer().deserialize(typeof text === 'string' ? Buffer.from(text) : text, {
      channel: 'chitram.users.health.v1',
    });

  it('reads the packet RpcClient sends, the subject as its pattern', () => {
    expect(read('{"pattern":"x","data":{"a":1},"id":7}')).toEqual({
      pattern: 'chitram.users.health.v1',
      data: { a: 1 },
      id: '7',
    });
  });

  it.each([
    ['probe', 'it is not JSON'],
    ['', 'it is empty'],
    ['null', 'it is not a request packet ({ data, id })'],
    ['[1]', 'it is not a request packet ({ data, id })'],
    ['{"data":{}}', 'the request packet has no id'],
    [`{"data":${'['.repeat(65)}${']'.repeat(65)},"id":"1"}`, 'it nests deeper than 64 levels'],
  ])('refuses %j: %s', (text, problem) => {
    expect(() => read(text)).toThrow(expect.objectContaining({ problem }));
  });

  it('refuses bytes that are not UTF-8', () => {
    expect(() => read(new Uint8Array([0x22, 0xff, 0x22]))).toThrow(UnreadableMessage);
  });

  it('lets a payload nest as deep as the limit', () => {
    const deep = `{"data":${'['.repeat(63)}${']'.repeat(63)},"id":"1"}`;
    expect(read(deep).id).toBe('1');
  });
});
