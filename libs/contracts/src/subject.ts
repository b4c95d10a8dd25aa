declare const carries: unique symbol;

/**
 * A NATS request subject that names its request and reply types. It is still the subject string on
 * the wire; `RpcClient.call(subject, body)` and a handler's `@Handles(subject)` (libs/nest-kit) read
 * the types from it, so a caller and a handler that disagree about a payload fail to compile (STYLE:
 * a subject carries its types, at both ends).
 */
export type Subject<Request, Reply> = string & {
  /** Never set at run time: it only carries the types, and keeps a plain string from passing for a subject. */
  readonly [carries]: { request: Request; reply: Reply };
};

export type RequestOf<S> = S extends Subject<infer Request, unknown> ? Request : never;
export type ReplyOf<S> = S extends Subject<unknown, infer Reply> ? Reply : never;

/**
 * A request as a URL's query carries it: each field as text, or absent. A service reads such a payload
 * into its request type (numbers, letter case, lists) as it reads a form, so a gateway route may pass
 * its query on as it came; the field names are still the request's.
 */
export type QueryText<Request> = { [Field in keyof Request]?: string };

export function subject<Request, Reply>(name: string): Subject<Request, Reply> {
  return name as Subject<Request, Reply>;
}
