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

declare const announces: unique symbol;

/**
 * An event subject that names its payload: a JetStream event (`Events`, written with the outbox's
 * `emit` and read by an `@EventHandler`) or a core NATS broadcast (`Subjects.catalog.changed`). It is
 * the subject string on the wire; `emit`, `@EventHandler`, `announce` and `hear` (libs/nest-kit) read the
 * payload type from it, so a writer and a reader that disagree about a field fail to compile.
 *
 * `Read` is what a reader must accept, when that is more than what is written today: while events
 * written under an older shape may still wait in an outbox or on the stream, the declaration lists that
 * shape too and every handler has to read both (see Events.userDeleted).
 */
export type EventSubject<Payload, Read = Payload> = string & {
  /** Never set at run time, as Subject's. */
  readonly [announces]: { payload: Payload; read: Read };
};

/** What a writer puts in an event's payload. */
export type PayloadOf<E> = E extends EventSubject<infer Payload, unknown> ? Payload : never;
/** What a reader of the event may receive (the payload, or an older shape still in flight). */
export type ReadPayloadOf<E> = E extends EventSubject<unknown, infer Read> ? Read : never;

export function event<Payload, Read = Payload>(name: string): EventSubject<Payload, Read> {
  return name as EventSubject<Payload, Read>;
}
