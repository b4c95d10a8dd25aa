import { MessagePattern } from '@nestjs/microservices';
import type { Subject } from '@chitram/contracts';
import type { RawJson } from './rpc-wire';

/** What a handler may answer for a reply of type `Reply`: the value, or its JSON kept as it was sent. */
export type AnswerOf<Reply> = Reply | RawJson<Reply>;

/**
 * A method that can answer `Subject<Request, Reply>`: it takes the request (or nothing) and gives the
 * reply, at once or as a promise. Written as a function type, not a method, so the parameter is
 * checked one way only: every request a caller may send must be one the handler accepts.
 */
export type HandlerOf<Request, Reply> = (request: Request) => AnswerOf<Reply> | Promise<AnswerOf<Reply>>;

/**
 * Registers a NATS request handler for a subject declared with its types (`subject<Req, Rep>()` in
 * libs/contracts), as `@MessagePattern` does, and has the compiler check the method against the
 * declaration: a handler whose parameter does not take the subject's request, or whose (awaited)
 * answer is not the subject's reply, fails to compile (STYLE: a subject carries its types, at both ends).
 *
 *     @Handles(Subjects.catalog.movies.update)
 *     update(@Payload() request: AdminUpdateMovie): Promise<MovieSaved> { ... }
 */
export function Handles<Request, Reply>(subject: Subject<Request, Reply>) {
  const register = MessagePattern(subject);
  return <Method extends HandlerOf<Request, Reply>>(
    target: object,
    key: string | symbol,
    descriptor: TypedPropertyDescriptor<Method>,
  ): void => {
    register(target, key, descriptor);
  };
}
