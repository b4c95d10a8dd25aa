import { DomainError, ErrorCode } from '@chitram/contracts';
import { isPlainContainer, nulError, nulFields } from '@chitram/nest-kit';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

/** Deepest nesting of objects and arrays accepted: validation and serialisation recurse, and would overflow. */
export const MAX_INPUT_DEPTH = 64;

/** True when parsed objects and arrays in `value` nest deeper than `max` levels. A stack, not recursion. */
export function nestedDeeperThan(value: unknown, max: number): boolean {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (stack.length) {
    const next = stack.pop()!;
    if (!isPlainContainer(next.value)) continue;
    if (next.depth >= max) return true;
    for (const child of Object.values(next.value)) stack.push({ value: child, depth: next.depth + 1 });
  }
  return false;
}

/**
 * The refusal for a request's parsed input, if it has a problem: nested too deeply (400 BAD_REQUEST),
 * or a NUL in a body field, a query value or a path parameter (400 VALIDATION_FAILED, naming each
 * field). A body kept raw for its signature (the payment webhook) is its receiver's to judge.
 */
export function inputProblem(
  request: Pick<FastifyRequest, 'body' | 'query' | 'params' | 'rawBody'>,
): DomainError | undefined {
  // Only parsed bodies are walked: a stream (tus upload bytes) is read by its route.
  const body = request.rawBody === undefined ? request.body : undefined;
  if (nestedDeeperThan(body, MAX_INPUT_DEPTH) || nestedDeeperThan(request.query, MAX_INPUT_DEPTH)) {
    return new DomainError(
      ErrorCode.BAD_REQUEST,
      `The request is nested too deeply: at most ${MAX_INPUT_DEPTH} levels of objects and arrays.`,
    );
  }
  const fields = [...nulFields(request.params), ...nulFields(request.query), ...nulFields(body, 'body')];
  return fields.length ? nulError(fields) : undefined;
}

/** Fastify preValidation hook: refuses such input once, before any validation or handler sees it. */
export function refuseMalformedInput(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  done(inputProblem(request));
}
