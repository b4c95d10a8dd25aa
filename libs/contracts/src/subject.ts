declare const carries: unique symbol;

/**
 * A NATS request subject that names its request and reply types. It is still the subject string (so
 * `@MessagePattern(subject)` takes it), and `RpcClient.call(subject, body)` reads the types from it, so
 * a caller and a handler that disagree about a payload fail to compile (STYLE: a subject carries its types).
 */
export type Subject<Request, Reply> = string & {
  readonly [carries]?: { request: Request; reply: Reply };
};

export type RequestOf<S> = S extends Subject<infer Request, unknown> ? Request : never;
export type ReplyOf<S> = S extends Subject<unknown, infer Reply> ? Reply : never;

export function subject<Request, Reply>(name: string): Subject<Request, Reply> {
  return name;
}
